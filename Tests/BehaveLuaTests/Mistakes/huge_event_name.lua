-- expect: huge_event_name.lua:11: Button `button` has no event `tapped!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!… (1048582 characters)`; its events: touchDown, touchUpInside, touchUpOutside, touchDragExit, touchDragEnter, touchCancel
-- connect: button
local Tapper = behaviour {
  name = "Tapper",
  outlets = { button = "Button" },
}

-- A name built by mistake, a megabyte long: the message names it by its
-- start and its length, as the trace shows a long text.
function Tapper:awake()
  self.button:on("tapped" .. string.rep("!", 1 << 20), function() end)
end

return Tapper
