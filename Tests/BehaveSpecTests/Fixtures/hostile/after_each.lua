-- after_each still runs (with a budget of its own) after a runaway spec.
local cleaned = 0
describe("cleanup", function()
  after_each(function() cleaned = cleaned + 1 end)
  it("loops forever", function() while true do end end)
  it("sees the cleanup", function() assert.equals(1, cleaned) end)
end)
