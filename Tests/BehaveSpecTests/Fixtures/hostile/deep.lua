-- Values nested deeper than Lua's stack holds calls, given to the spec
-- runner's own walks: a spy's copy of its arguments, mock and its revert,
-- and snapshots nested as deep.
local function nested(depth)
  local root = {}
  local inner = root
  for _ = 1, depth do
    inner.next = {}
    inner = inner.next
  end
  return root, inner
end

local deep = 200000

describe("deep values", function()
  it("a spy records a deep argument", function()
    local s = spy.new(function() end)
    local value, innermost = nested(deep)
    s(value)
    innermost.changed = true
    assert.spy(s).was.called(1)
    assert.is_true(s.calls[1].refs[1] == value)
  end)

  it("mock spies on a deeply nested function and reverts it", function()
    local value, innermost = nested(deep)
    local original = function() return "original" end
    innermost.f = original
    mock(value)
    assert.is_true(spy.is_spy(innermost.f))
    assert.equals("original", innermost.f())
    mock.revert(value)
    assert.equals(original, innermost.f)
  end)

  it("a snapshot reverts the deep nest of snapshots taken after it", function()
    local snapshot = assert:snapshot()
    for _ = 1, deep do assert:snapshot() end
    local s = spy.on(string, "len")
    snapshot:revert()
    assert.is_false(spy.is_spy(string.len))
    assert.is_true(s.reverted)
  end)
end)

describe("many values", function()
  it("a spy passing on more values than Lua's stack holds", function()
    local values = {}
    for i = 1, 500000 do values[i] = i end
    local s = spy.new(function(...) return ... end)
    s(table.unpack(values))
  end)
end)
