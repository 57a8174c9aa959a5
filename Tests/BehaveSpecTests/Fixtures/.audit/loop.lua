it("loops after a runaway", function()
  local s = scene.script("TICKER")
  s:advance(1e9)
  while true do s:now() end
end)
it("runs after", function() end)
