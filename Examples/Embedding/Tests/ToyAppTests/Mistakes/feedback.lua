-- Calls of the app's functions that do not fit, which Docs/app-functions.md
-- shows: each in a callback of its own, so each is reported at its line.
local Feedback = behaviour { name = "Feedback" }

function Feedback:awake()
  local calls = {
    function() haptics.vibrate("hevy") end,
    function() haptics.vibrate("light", "again") end,
    function() analytics.track("tap", { count = { 1 } }) end,
    function() analytics.track(function() end) end,
    function() haptics:vibrate("light") end,
    function() haptics.vibrat("light") end,
  }
  for _, call in ipairs(calls) do after(0, call) end
end

return Feedback
