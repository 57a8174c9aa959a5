local ran = 0
local t = setmetatable({}, { __concat = function() ran = ran + 1 return "r" end })

it("is refused in the middle", function()
  local s = "x" .. t .. "y"
end)

it("is refused in every shape of chain", function()
  local refused = "__concat runs only for the leftmost '..' of a chain"
  assert.error_matches(function() return "x" .. "y" .. t end, refused, 1, true)
  assert.error_matches(function() return t .. t .. "x" end, refused, 1, true)
  assert.error_matches(function() return 1 .. t .. 2 end, refused, 1, true)
  assert.error_matches(function() return "x" .. (t .. "y") end, refused, 1, true)
  assert.error_matches(function()
    return "x" ..
      t ..
      "y"
  end, refused, 1, true)
  assert.error_matches(function() local a, b = t .. "x", "p" .. t .. "q" return a, b end, refused, 1, true)
  assert.equals(1, ran)  -- only t .. "x" above
end)
