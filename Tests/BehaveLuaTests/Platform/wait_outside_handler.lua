local Probe = behaviour { name = "Probe", outlets = { button = "Button" }, requires = { "camera", "photoLibrary" } }
function Probe:awake()
  local co = coroutine.create(function() return platform.requestPermission("camera") end)
  self.ok, self.message = coroutine.resume(co)
end
return Probe
