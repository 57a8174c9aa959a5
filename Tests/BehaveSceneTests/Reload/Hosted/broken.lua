-- A script saved with a mistake: its top level raises as the scene loads.
local Broken = behaviour { name = "Broken", outlets = { button = "Button", label = "Label" } }
Broken.ready = undefined_helper()
return Broken
