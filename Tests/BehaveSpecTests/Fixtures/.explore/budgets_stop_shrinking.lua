it("five replays", function()
  scene.load("forty_taps.scene.yaml"):explore { steps = 1000, shrinkReplays = 5 }
end)
it("no time", function()
  scene.load("forty_taps.scene.yaml"):explore { steps = 1000, shrinkTime = 0 }
end)
