-- Says where the widgets are: as the behaviour wakes, once the window is
-- laid out, and at each press of `measure`, which also tries to move the
-- title (a .ui file places it, so its frame still reads where it is).
local Ruler = behaviour {
  name = "Ruler",
  outlets = { measure = "Button", second = "Label", title = "Label" },
}

local function say(when, name, frame)
  print(string.format("%s: %s is at %g %g %g %g", when, name, frame.x, frame.y, frame.width, frame.height))
end

function Ruler:awake()
  say("awake", "measure", self.measure.frame)
  after(0, function() say("shown", "measure", self.measure.frame) end)
  self.measure:on("touchUpInside", function()
    say("pressed", "measure", self.measure.frame)
    say("pressed", "second", self.second.frame)
    self.title.frame = { x = 1, y = 2, width = 3, height = 4 }
    say("pressed", "title", self.title.frame)
  end)
end

return Ruler
