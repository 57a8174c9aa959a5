it("dismissed", function()
  for i = 1, 70 do scene.script("toggle.lua"):dismiss() end
end)
it("let go of", function()
  for i = 1, 70 do local s = scene.script("toggle.lua"); s:tap("button") end
end)
it("kept", function()
  local kept = {}
  for i = 1, 70 do kept[i] = scene.script("toggle.lua").button end
end)
it("dismissed but readable", function()
  local s = scene.script("toggle.lua")
  s:tap("button")
  s:dismiss()
  for i = 1, 70 do scene.script("toggle.lua"):dismiss() end
  assert.is_false(s.toggle.alive)
  assert.is_true(s.toggle.toggled)
  assert.has_error(function() s:tap("button") end, "the screen is dismissed")
end)
