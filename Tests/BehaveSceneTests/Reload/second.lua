local Second = behaviour { name = "Second" }

function Second:awake()
  print("second awake")
end

function Second:destroy()
  print("second destroy")
end

return Second
