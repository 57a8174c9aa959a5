-- A stand-in for the app's `testapp` module, for runs without the app (the
-- behave tool): `require "testapp"` finds the app's module first, and this
-- file only when the process registered none.
local standIn = { standIn = true, heard = {} }

function standIn.vibrate(style)
  standIn.heard[#standIn.heard + 1] = style
end

return standIn
