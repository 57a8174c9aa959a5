-- expect: memory_bomb_in_wrapped_coroutine.lua:8: memory limit exceeded
local Hostile = behaviour { name = "Hostile", outlets = { button = "Button" } }

function Hostile:attack()
  local keep, chunk = {}, {}
  for i = 1, 10000 do chunk[i] = i end
  local grow = coroutine.wrap(function()
    while true do keep[#keep + 1] = { table.unpack(chunk) } end
  end)
  pcall(grow)  -- the error names the coroutine's line, not this one
end

return Hostile
