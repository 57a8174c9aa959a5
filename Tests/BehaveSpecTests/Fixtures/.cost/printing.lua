local line = string.rep("p", 1999)
for i = 1, 20 do
  it("prints " .. i, function()
    for j = 1, 1000 do print(line) end
    error("show it")
  end)
end
