local Probe = behaviour { name = "Probe", outlets = {} }
function Probe:destroy() print("bye"); self.x = 1; after(1, function() end) end
return Probe
