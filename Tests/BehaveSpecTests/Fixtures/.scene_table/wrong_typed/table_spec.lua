it("from the file", function() scene.load("wrong.scene.yaml") end)
it("from the table", function()
  scene.new {
    controls = {
      b = { type = 5 },
      c = { type = "Button", hidden = 1 },
    },
  }
end)
