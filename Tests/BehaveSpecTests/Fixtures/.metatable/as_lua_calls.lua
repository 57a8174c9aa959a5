it("keeps the position of an error at level 2", function()
  local strict = setmetatable({}, {
    __index = function(_, k) error("no field " .. k, 2) end,
    __newindex = function(_, k) error("cannot set " .. k, 2) end,
  })
  local _, read = pcall(function() return strict.x end)
  local _, write = pcall(function() strict.y = 1 end)
  local _, add = pcall(function() return setmetatable({}, { __add = function() error("no add", 2) end }) + 1 end)
  assert.matches("/meta_spec%.lua:6: no field x$", read)
  assert.matches("/meta_spec%.lua:7: cannot set y$", write)
  assert.matches("/meta_spec%.lua:8: no add$", add)
end)

it("recurses through __index as deep as Lua", function()
  local fib = setmetatable({ [0] = 0, [1] = 1 }, { __index = function(t, n)
    local v = t[n - 1] + t[n - 2]
    t[n] = v
    return v
  end })
  assert.equals(8901716712142314879, fib[190])
end)

it("answers <= with __lt alone", function()
  local mt = { __lt = function(a, b) return a.v < b.v end }
  local a, b = setmetatable({ v = 1 }, mt), setmetatable({ v = 2 }, mt)
  assert.is_true(a <= b)
  assert.is_false(b <= a)
  assert.is_true(b >= a)
end)

it("names types by __name and calls by the caller's name", function()
  local thing = setmetatable({}, { __name = "Thing" })
  local _, compared = pcall(function() return thing < 1 end)
  local _, called = pcall(function() local callable = setmetatable({}, { __call = 34 }) return (callable()) end)
  assert.matches("/meta_spec%.lua:33: attempt to compare Thing with number$", compared)
  assert.matches("/meta_spec%.lua:34: attempt to call a number value %(local 'callable'%)$", called)
end)
