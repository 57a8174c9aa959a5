-- Says each flip it hears; muting turns decaf off, a script's set (no
-- flip of the user's, so no valueChanged).
local Quiet = behaviour { name = "Quiet", outlets = { decaf = "Switch", mute = "Switch" } }

function Quiet:awake()
  self.decaf:on("valueChanged", function(decaf)
    print("heard decaf " .. tostring(decaf.isOn))
  end)
  self.mute:on("valueChanged", function(mute)
    print("heard mute " .. tostring(mute.isOn))
    if mute.isOn then self.decaf.isOn = false end
  end)
end

return Quiet
