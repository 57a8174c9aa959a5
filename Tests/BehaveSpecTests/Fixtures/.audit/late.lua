local made
describe("outer", function()
  before_each(function() made = { 1 } end)
  it("first", function() assert.same({ 1 }, made) end)
  describe("late", function()
    local seen = made[1]
    it("sees what the before_each made", function() assert.equals(1, seen) end)
  end)
  describe("broken", function()
    local x = nil
    x.y = 1
  end)
  it("last", function() end)
end)
