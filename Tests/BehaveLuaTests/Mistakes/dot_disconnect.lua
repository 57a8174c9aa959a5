-- expect: dot_disconnect.lua:10: `disconnect` is called with `.`, so the connection is not passed to it; write `tap:disconnect()` with a colon
-- connect: button
local Once = behaviour {
  name = "Once",
  outlets = { button = "Button" },
}

function Once:go()
  local tap = self.button:on("touchUpInside", function() end)
  tap.disconnect()
end

return Once
