-- What math.randomseed then math.random give, as text: run by stock lua5.4
-- (`print(dofile("draws.lua")(math))`) and by a behaviour (stock.lua), with
-- the `math` each has. The same text on both sides.
return function(math)
  local seeds = {
    { 0 }, { 1 }, { 42 }, { -7 }, { 3.0 }, { math.maxinteger }, { math.mininteger },
    { 3, 9 }, { 1, -1 }, { 0, math.mininteger },
  }
  local out = {}
  for _, seed in ipairs(seeds) do
    local returned = { math.randomseed(table.unpack(seed)) }
    out[#out + 1] = "seed " .. table.concat(returned, " ")
    for _ = 1, 4 do
      out[#out + 1] = string.format("%a %d %d %d %d", math.random(), math.random(6), math.random(0),
        math.random(-3, 3), math.random(math.mininteger, math.maxinteger))
    end
    out[#out + 1] = string.format("%d %d", math.random(1, 1 << 40), math.random(7))
  end
  return table.concat(out, "\n")
end
