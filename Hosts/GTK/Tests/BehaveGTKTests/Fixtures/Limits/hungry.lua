local Hungry = behaviour { name = "Hungry" }

function Hungry:awake()
  local text = string.rep("x", 8 << 20)
  print("made " .. #text)
end

return Hungry
