local Many = behaviour { name = "Many" }
function Many:awake()
  for i = 1, 25 do self[string.format("f%02d", i)] = i end
end
return Many
