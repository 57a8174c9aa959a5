local Heap = require "heap"

-- Pops every value of a heap, in order.
local function drain(heap)
  local values = {}
  while heap:size() > 0 do values[#values + 1] = heap:pop() end
  return values
end

describe("heap", function()
  local heap
  before_each(function() heap = Heap.new() end)

  it("starts empty", function()
    assert.equals(0, heap:size())
    assert.is_nil(heap:peek())
    assert.is_nil(heap:pop())
  end)

  it("pops the smallest first", function()
    for _, value in ipairs { 5, 3, 8, 1, 9, 2 } do heap:push(value) end
    assert.equals(1, heap:peek())
    assert.same({ 1, 2, 3, 5, 8, 9 }, drain(heap))
  end)

  it("orders by the comparison it is given", function()
    heap = Heap.new(function(a, b) return a > b end)
    for _, value in ipairs { 5, 3, 8 } do heap:push(value) end
    assert.same({ 8, 5, 3 }, drain(heap))
  end)

  it("sorts a thousand pseudo-random values", function()
    local seed = 7
    for _ = 1, 1000 do
      seed = (seed * 1103515245 + 12345) % 2147483648
      heap:push(seed % 1000)
    end
    local values = drain(heap)
    assert.equals(1000, #values)
    for i = 2, #values do assert.is_true(values[i - 1] <= values[i]) end
  end)
end)
