-- Sets what GTK cannot show as given: sizes and places past any screen,
-- two megabytes of text in a wrapping label, or one letter under 100,000
-- accents. The window must go on
-- (a timer keeps ticking) and the control keep what was set.
local Extremes = behaviour {
  name = "Extremes",
  outlets = { go = "Button", accents = "Button", label = "Label", scroll = "ScrollView" },
}

local function tickOn()
  local ticks = 0
  local function tick()
    ticks = ticks + 1
    print("tick " .. ticks)
    after(0.2, tick)
  end
  after(0.2, tick)
end

function Extremes:awake()
  self.go:on("touchUpInside", function()
    self.label.frame = { x = 1e12, y = -1e12, width = 1e12, height = 1e12 }
    self.scroll.contentSize = { width = 1e12, height = 1e12 }
    self.scroll.contentOffset = { x = 1e12, y = 1e12 }
    self.label.text = string.rep("word ", 400000)
    print("all set; the label holds " .. #self.label.text .. " bytes")
    tickOn()
  end)
  -- One character: a letter under 100,000 accents.
  self.accents:on("touchUpInside", function()
    self.label.text = "a" .. string.rep("\u{301}", 100000) .. " b"
    print("accents set; the label holds " .. #self.label.text .. " bytes")
    tickOn()
  end)
end

return Extremes
