it("explores", function()
  scene.load("forty_taps.scene.yaml"):explore { steps = 1000 }
end)
