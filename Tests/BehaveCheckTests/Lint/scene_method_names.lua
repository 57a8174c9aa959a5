it("uses a scene", function()
  local s = scene.new {
    controls = { remove = { type = "Button" }, ["show"] = { type = "Label" }, title = { type = "Label" } },
    behaviours = { state = { script = "toggle.lua", outlets = { button = "remove" } } },
  }
  s:tap("remove")
  local t = scene.load("form.scene.yaml")
  t:tap("ok")
end)
