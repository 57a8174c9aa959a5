-- expect: endless_recursion_memory.lua:14: memory limit exceeded (8192 KiB) while `grow` calls itself; `grow` calls itself without end? Make sure it stops calling itself (return before the call once its work is done)
-- limits: memory=8 instructions=100000000
-- connect: label
local Tree = behaviour {
  name = "Tree",
  outlets = { label = "Label" },
}

-- Each call keeps a little more (the memory runs out before the stack),
-- and the line that runs out is not the call.
function Tree:grow(leaves)
  local more = { leaves, string.rep("leaf", 50) .. #leaves }
  -- forgot: if #leaves > 10 then return leaves end
  local grown = self:grow(more)
  return grown
end

function Tree:go()
  self.label.text = tostring(#self:grow({}))
end

return Tree
