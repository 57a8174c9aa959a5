-- Sets what GTK cannot show as given: sizes and places past any screen,
-- and two megabytes of text in a wrapping label. The window must go on
-- (a timer keeps ticking) and the control keep what was set.
local Extremes = behaviour {
  name = "Extremes",
  outlets = { go = "Button", label = "Label", scroll = "ScrollView" },
}

function Extremes:awake()
  self.go:on("touchUpInside", function()
    self.label.frame = { x = 1e12, y = -1e12, width = 1e12, height = 1e12 }
    self.scroll.contentSize = { width = 1e12, height = 1e12 }
    self.scroll.contentOffset = { x = 1e12, y = 1e12 }
    self.label.text = string.rep("word ", 400000)
    print("all set; the label holds " .. #self.label.text .. " bytes")
    local ticks = 0
    local function tick()
      ticks = ticks + 1
      print("tick " .. ticks)
      after(0.2, tick)
    end
    after(0.2, tick)
  end)
end

return Extremes
