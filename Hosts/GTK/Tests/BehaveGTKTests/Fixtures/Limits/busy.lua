local Busy = behaviour { name = "Busy" }

function Busy:awake()
  local n = 0
  for i = 1, 300000 do
    n = n + i
  end
  print("summed " .. n)
end

return Busy
