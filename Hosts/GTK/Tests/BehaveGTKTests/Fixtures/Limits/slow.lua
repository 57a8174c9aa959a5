local Slow = behaviour { name = "Slow" }

function Slow:awake()
  local n = 0
  for i = 1, 20000000 do
    n = n + 1
  end
  print("counted " .. n)
end

return Slow
