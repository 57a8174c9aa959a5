local fuse = require "fuse"
local Blow = behaviour { name = "Blow", outlets = { button = "Button" } }
function Blow:awake() self.button:on("touchUpInside", function() fuse.blow() end) end
return Blow
