describe("require in a spec's scene", function()
  it("reads a module beside the spec", function()
    local s = scene.script("inside.lua")
    assert.equals("beside the spec", s.inside.found)
  end)

  it("is refused a module through a symbolic link that leads outside", function()
    local s = scene.script("outside.lua")
    for _, message in ipairs { s.outside.throughFolder, s.outside.throughFile } do
      assert.matches("a symbolic link leads outside", message)
      assert.is_nil(message:find("SECRET", 1, true))
    end
  end)
end)
