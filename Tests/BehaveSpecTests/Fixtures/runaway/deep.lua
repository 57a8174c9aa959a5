-- The spec's own loop runs deeper in calls than the spec file went before.
local function count_down(depth)
  if depth == 0 then
    local count = 0
    while count >= 0 do
      count = count + 1
    end
  end
  local counted = count_down(depth - 1)
  return counted
end

it("runs away deep in calls", function()
  count_down(100)
end)

it("runs after", function() end)
