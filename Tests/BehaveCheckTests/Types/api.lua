it("has the spec API", function()
  local names = {}
  for name in pairs(_ENV) do names[#names + 1] = name end
  table.sort(names)
  assert.same(GLOBALS, names)
end)

it("has every assertion", function()
  for _, name in ipairs(ASSERTIONS) do
    -- an assertion misused fails or errors, a name unknown says so
    local _, message = pcall(assert[name])
    assert.is_nil(string.find(tostring(message), "unknown assertion", 1, true), name)
  end
end)

it("has every scene method", function()
  local s = scene.script("toggle.lua")
  for _, name in ipairs(METHODS) do
    assert.equals("function", type(s[name]), name)
  end
end)
