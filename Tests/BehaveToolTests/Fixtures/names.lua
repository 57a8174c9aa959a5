local Names = behaviour { name = "Names" }
function Names:awake()
  self[string.rep("k", 1000000)] = 1
  self.nested = { [string.rep("n", 1000000)] = 2 }
end
return Names
