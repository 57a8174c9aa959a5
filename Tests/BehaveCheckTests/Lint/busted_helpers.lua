local unpack = unpack or table.unpack
local setfenv = setfenv or function(f) return f end

function unlpack(list) return unpack(list) end
function awake(s) return s end
local function join(...) return table.concat({ ... }, ",") end

describe("helpers", function()
  it("unpacks", function()
    assert.equals("1,2", join(unlpack({ 1, 2 })))
    assert.is_function(setfenv)
    awake(nil)
  end)
end)
