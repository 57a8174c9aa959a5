local function grow(n) if n > 0 then return grow(n - 1) + 1 end return 0 end
local keep = {}
local t = setmetatable({}, { __concat = function(a, b)
  grow(150)
  local grown = {}
  for i = 1, 1 << 18 do grown[i] = i end  -- no collection until the end
  keep[1] = grown
  return "r"
end })

it("joins and gives the value", function()
  local got = {}
  for i = 1, 6 do
    collectgarbage()
    got[#got + 1] = t .. "x"
    got[#got + 1] = "x" .. t
  end
  assert.equals(("r"):rep(12), table.concat(got))
end)
