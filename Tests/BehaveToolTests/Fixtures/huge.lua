local Huge = behaviour { name = "Huge" }
function Huge:awake()
  local list, map = {}, {}
  for i = 1, 20000 do list[i] = i end
  for i = 1, 500 do
    local row = {}
    for j = 1, 300 do row[j] = j end
    map["k" .. i] = row
  end
  self.list, self.map = list, map
end
return Huge
