-- A bug that needs forty taps to show: the fortieth raises an error.
-- Exploration finds it among hundreds of random steps, and shrinking the
-- run to the taps that matter takes some two thousand replays; with a
-- smaller budget it stops early and keeps the shortest list found so far.
--
--   behave explore Examples/Exploration/forty_taps.scene.yaml --shrink-replays 500
local FortyTaps = behaviour {
  name = "FortyTaps",
  outlets = { button = "Button", toggle = "Switch" },
}

function FortyTaps:awake()
  self.taps = 0
  self.button:on("touchUpInside", function()
    self.taps = self.taps + 1
    if self.taps == 40 then error("tapped 40 times") end
  end)
end

return FortyTaps
