describe("like", function()
  it("counts", function()
    assert.equals(1, 1)
  end
end)
