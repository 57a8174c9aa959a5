-- A binary min-heap with a comparison of the user's: a library kept in
-- src/, as binaryheap keeps its own.
local Heap = {}
Heap.__index = Heap

local function lessThan(a, b) return a < b end

function Heap.new(less)
  return setmetatable({ items = {}, less = less or lessThan }, Heap)
end

function Heap:size() return #self.items end

function Heap:peek() return self.items[1] end

function Heap:push(value)
  local items, less = self.items, self.less
  items[#items + 1] = value
  local i = #items
  while i > 1 do
    local parent = i // 2
    if not less(items[i], items[parent]) then break end
    items[i], items[parent] = items[parent], items[i]
    i = parent
  end
end

function Heap:pop()
  local items, less = self.items, self.less
  local top, count = items[1], #items
  if count == 0 then return nil end
  local last = items[count]
  items[count] = nil
  if count == 1 then return top end
  items[1] = last
  local i = 1
  while true do
    local smallest, left, right = i, 2 * i, 2 * i + 1
    if items[left] ~= nil and less(items[left], items[smallest]) then smallest = left end
    if items[right] ~= nil and less(items[right], items[smallest]) then smallest = right end
    if smallest == i then break end
    items[i], items[smallest] = items[smallest], items[i]
    i = smallest
  end
  return top
end

return Heap
