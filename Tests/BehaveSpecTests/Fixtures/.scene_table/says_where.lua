it("says where", function()
  scene.new {
    controls = {
      b = { type = "Buton" },
    },
    behaviours = {
      t = { script = "toggle.lua", outlets = { button = "c" } },
    },
  }
end)
local description = { controls = { b = { type = "Buton" } } }
it("a table not written in the call", function() scene.new(description) end)
