-- expect: huge_sent_event_name.lua:12: Sender does not declare the event `tapped!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!… (1048582 characters)`; add it to `events`
-- connect: button
local Sender = behaviour {
  name = "Sender",
  outlets = { button = "Button" },
  events = { "tapped" },
}

-- A name built by mistake, a megabyte long: named by its start and its
-- length, as `on` and the trace name it.
function Sender:go()
  self:send("tapped" .. string.rep("!", 1 << 20))
end

return Sender
