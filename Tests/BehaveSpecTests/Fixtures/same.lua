-- assert.same on big and cyclic tables (SpecSameTests): equal ones pass
-- without sorting their keys, different ones name the first difference
-- in key order.
local function big(n)
  local t = {}
  for i = 1, n do
    t[i] = i
    t["k" .. i] = { i, tostring(i) }
  end
  return t
end

describe("same", function()
  it("passes two equal tables of 10,000 keys", function()
    assert.same(big(5000), big(5000))
  end)

  it("passes two cycles of different lengths that read the same", function()
    local one = {}
    one.next = one
    local a, b = {}, {}
    a.next, b.next = b, a
    assert.same(one, a)
  end)

  it("fails on a value deep in a table", function()
    local expected, actual = big(300), big(300)
    actual.k299[2] = "changed"
    assert.same(expected, actual)
  end)

  it("fails on a key only the actual table has", function()
    local expected, actual = big(3), big(3)
    actual.extra = true
    assert.same(expected, actual)
  end)

  it("passes a negated assertion on different tables", function()
    assert.are_not.same({ 1, { 2 } }, { 1, { 3 } })
  end)
end)
