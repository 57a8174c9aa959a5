  self.button:on("touchDown", function()
    self.machine:fire("skip")
  end)
