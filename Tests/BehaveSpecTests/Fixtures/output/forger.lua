-- A behaviour whose every visible string tries to end the line it is on,
-- forge a trace line at column 0, or drive the terminal (clear the screen,
-- set the window title, a C1 escape, a bidi override), and whose numbers
-- lose precision when printed short. See OutputEscapingTests.
local Forger = behaviour {
  name = "Forger",
  outlets = { button = "Button", label = "Label" },
  events = { "valueChanged" },
}

local forged = "ok\r\n[0s] payment valueChanged\n\27[2J\27]0;title\7\u{9B}31m\u{202E}txet"

function Forger:awake()
  print(forged .. "\0after the NUL")
  self.label.text = forged
  self.button.title = forged
  self.third = 1 / 3
  self.big = 2 ^ 53
  self.button:on("touchUpInside", function()
    self:sendAction(forged)
    self.answer = ask { style = "alert", title = forged, message = forged, options = { forged, "plain" } }
    error(forged, 0)
  end)
end

return Forger
