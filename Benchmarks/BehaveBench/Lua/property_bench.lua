-- The property benchmark's behaviour: reads and sets a control's alpha n
-- times from Lua, through the bridge.
local Bench = behaviour { name = "Bench", outlets = { button = "Button" } }

function Bench:run(_, n)
  local button = self.button
  for i = 1, n do
    local alpha = button.alpha
    button.alpha = (i % 2 == 0) and 0.5 or 0.25
  end
end

return Bench
