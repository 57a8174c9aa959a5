describe("raising", function()
  it("a code", function()
    error({ code = 42 })
  end)
  it("a cycle", function()
    local t = { name = "loop" }
    t.self = t
    error(t)
  end)
  it("a big table", function()
    local t = {}
    for i = 1, 100000 do t[i] = i; t["k" .. i] = i end
    error(t)
  end)
  it("keys of every kind", function()
    local hostile = { __name = "Oops", __index = function() error("index") end,
                      __pairs = function() while true do end end,
                      __tostring = function() while true do end end,
                      __len = function() error("len") end, __lt = function() error("lt") end,
                      __eq = function() error("eq") end }
    error(setmetatable({ [true] = 1, [1.5] = "a\0b\n", ["a b"] = {}, [print] = 2,
                         [setmetatable({}, hostile)] = 3, ["end"] = 1,
                         nested = { deeper = { deepest = {} } } }, hostile))
  end)
  it("a deep one", function()
    local t = {}
    for _ = 1, 100000 do t = { t } end
    error(t)
  end)
  it("long text", function()
    error({ ("é"):rep(100), [("x"):rep(1000)] = 1 })
  end)
  it("nothing", function()
    error()
  end)
  it("a table caught", function()
    assert.has_error(function() error({ code = 42 }) end, { code = 42 })
  end)
  it("a wide one", function()
    local t = {}
    for i = 1, 8 do t[i] = { ("z"):rep(60), ("z"):rep(60) } end
    error(t)
  end)
  it("bytes that are not UTF-8", function()
    -- overlong, a surrogate, past U+10FFFF, overlong again: each escaped
    error({ "\xE0\x80\x80", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\xF0\x80\x80\x80", "é" })
  end)
end)
