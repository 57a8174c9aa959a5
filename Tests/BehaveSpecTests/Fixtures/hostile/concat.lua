-- A __concat metamethod in the middle of a chain of '..', where Lua 5.4.4
-- would go on with memory the metamethod's call freed: each shape is
-- refused before the metamethod runs, however the stack grows and shrinks
-- and the collector runs, and the leftmost '..' still works afterwards.
local function grow(n) if n > 0 then return grow(n - 1) + 1 end return 0 end
local ran = 0
local mt = {}
mt.__concat = function(a, b)
  ran = ran + 1
  grow(100)
  collectgarbage()
  return setmetatable({}, mt)  -- another object: a later step would call again
end
local t = setmetatable({}, mt)
local refused = "__concat runs only for the leftmost '..' of a chain"

describe("a __concat metamethod in the middle of a chain", function()
  it("is refused at any depth of the stack", function()
    local function at(d, f) if d > 0 then return at(d - 1, f) .. "" end return f() end
    for depth = 1, 40 do
      collectgarbage()
      assert.error_matches(function() return at(depth, function() return "x" .. t .. "y" end) end, refused, 1, true)
      assert.error_matches(function() return at(depth, function() return "x" .. "y" .. t end) end, refused, 1, true)
    end
  end)

  it("is refused in every shape of chain", function()
    local x = "x"
    for _ = 1, 20 do
      collectgarbage()
      assert.error_matches(function() return t .. t .. x end, refused, 1, true)
      assert.error_matches(function() return x .. t .. t end, refused, 1, true)
      assert.error_matches(function() return 1 .. t .. 2 .. t end, refused, 1, true)
      assert.error_matches(function() return x .. (t .. x) end, refused, 1, true)
      assert.error_matches(function() return x ..
        t ..
        x end, refused, 1, true)
    end
  end)

  it("is refused in a coroutine", function()
    for _ = 1, 20 do
      collectgarbage()
      assert.error_matches(coroutine.wrap(function() return "a" .. t .. t end), refused, 1, true)
    end
  end)

  it("never ran", function()
    assert.equals(0, ran)
  end)

  it("is refused after a group on the left ran", function()
    -- (x .. t) is an OP_CONCAT of its own; the right group joins the chain
    for i = 1, 20 do
      collectgarbage()
      assert.error_matches(function() return ("x" .. t) .. ("x" .. t) end, refused, 1, true)
      assert.equals(i, ran)
    end
    ran = 0
  end)

  it("still runs for the leftmost '..'", function()
    for _ = 1, 20 do
      collectgarbage()
      assert.equals(mt, getmetatable(t .. "x"))
      assert.equals(mt, getmetatable(("x" .. t) .. "y"))  -- twice: its object, then "y"
    end
    assert.equals(60, ran)
  end)
end)
