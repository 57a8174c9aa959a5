local Probe = behaviour { name = "Probe", outlets = { order = "Button", note = "TextField" } }
function Probe:awake() self.order.MouseButton1Click:Connect(function() end) end
return Probe
