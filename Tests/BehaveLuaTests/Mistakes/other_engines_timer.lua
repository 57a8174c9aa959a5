-- expect: other_engines_timer.lua:9: `setTimeout` is not defined here (no local, global or Behave function has this name), so it is nil; did you mean `after`? `setTimeout` is the web's function for it
-- connect: status
local Splash = behaviour {
  name = "Splash",
  outlets = { status = "Label" },
}

function Splash:awake()
  setTimeout(function() self.status.text = "ready" end, 1000)
end

return Splash
