-- Counts taps, checks an e-mail as it is typed while the switch is on,
-- and says when a second of the app's main loop has gone by.
local Tally = behaviour {
  name = "Tally",
  outlets = { like = "Button", count = "Label", check = "Switch", email = "TextField", status = "Label" },
  inspectables = { prefix = "Likes: " },
}

function Tally:awake()
  self.taps = 0
  self.count.text = self.prefix .. self.taps
  self.like.image = "heart"             -- no file of that name: the button shows [heart]
  self.like:on("touchUpInside", function()
    self.taps = self.taps + 1
    self.count.text = self.prefix .. self.taps
  end)
  self.check:on("valueChanged", function()
    self.status.text = self.check.isOn and "checking" or "not checking"
  end)
  self.email:on("editingChanged", function()
    if not self.check.isOn then return end
    self.status.text = self.email.text:match("^[%w.]+@[%w.]+%.%a+$") and "an e-mail" or "not yet"
  end)
  print(string.format("awake: like is %g wide", self.like.frame.width))
  after(0, function() print(string.format("shown: like is %g wide", self.like.frame.width)) end)
  after(1, function() print("a second went by") end)
end

function Tally:destroy()
  print("tally destroyed at " .. self.prefix .. self.taps)
end

return Tally
