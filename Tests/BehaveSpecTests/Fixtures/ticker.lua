-- A behaviour whose timer reschedules itself forever, for the runner's
-- tests: one long advance fires timers until the clock gives up.
local Ticker = behaviour { name = "Ticker", outlets = { label = "Label" } }

function Ticker:awake()
  self.ticks = 0
  local function tick()
    self.ticks = self.ticks + 1
    after(0.001, tick)
  end
  after(0.001, tick)
end

return Ticker
