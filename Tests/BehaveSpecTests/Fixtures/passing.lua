-- A spec file whose specs all pass (named without _spec so that
-- `behave test` over the repository does not pick up these fixtures).
describe("arithmetic", function()
  local n
  before_each(function() n = 1 end)
  after_each(function() n = nil end)

  it("adds", function()
    n = n + 1
    assert.equals(2, n)
  end)

  describe("nested", function()
    before_each(function() n = n * 10 end)

    it("runs the outer before_each first", function()
      assert.equals(10, n)
    end)
  end)
end)

it("works outside describe", function()
  assert.is_true(true)
end)
