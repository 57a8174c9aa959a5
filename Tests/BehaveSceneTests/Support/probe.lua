local Probe = behaviour {
  name = "Probe",
  outlets = { button = "Button" },
  inspectables = { label = "probe" },
  events = { "valueChanged" },
}

function Probe:awake()
  self.heard = {}
end

function Probe:ping(sender)
  table.insert(self.heard, 'ping from ' .. (sender and sender.name or 'a behaviour'))
  self:send("valueChanged")
end

function Probe:pong()
  table.insert(self.heard, 'pong')
end

function Probe:keyboardShown(_, frame)
  self.keyboardHeight = frame.height
end

function Probe:question()
  self.answer = ask { style = "actionSheet", title = "Pick", options = { "One", "Two" }, cancel = "Cancel" }
end

return Probe
