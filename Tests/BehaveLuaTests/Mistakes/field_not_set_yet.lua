-- expect: field_not_set_yet.lua:9: `self.timer` is nil here: the script sets it on line 13, which has not run yet; set it before this line runs (in `awake`, for example)
-- connect: button
local Blink = behaviour {
  name = "Blink",
  outlets = { button = "Button" },
}

function Blink:go()
  self.timer:cancel()
end

function Blink:start()
  self.timer = after(1, function() self.button.hidden = true end)
end

return Blink
