local s = scene.load("forty_taps.scene.yaml")
it("typo", function() s:explore { shrinktime = 1 } end)
it("negative", function() s:explore { shrinkTime = -1 } end)
it("fraction", function() s:explore { shrinkReplays = 1.5 } end)
