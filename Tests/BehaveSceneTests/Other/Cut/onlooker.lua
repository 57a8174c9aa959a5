local Onlooker = behaviour { outlets = { scrollView = "ScrollView" } }

function Onlooker:look()
  local list = self.scrollView.delegate.list
  for i = 1, 4000 do
    if list[i][1] ~= i then print("item", i, "reads", list[i][1]) end
  end
end

return Onlooker
