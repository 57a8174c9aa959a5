it("keeps the order", function()
  local s = scene.new {
    controls = {
      zeta = { type = "Button" },
      alpha = { type = "Button" },
    },
    behaviours = {
      second = { script = "toggle.lua", outlets = { button = "zeta" } },
      first = { script = "toggle.lua", outlets = { button = "alpha" } },
    },
  }
  local shown = s:show()
  assert.is_true(shown:find("zeta", 1, true) < shown:find("alpha", 1, true), shown)
  local awake = {}
  for _, entry in ipairs(s:trace()) do
    if entry.kind == "lifecycle" then awake[#awake + 1] = entry.subject end
  end
  assert.same({ "second", "first" }, awake)
end)
