local Probe = behaviour { name = "NAME", outlets = { OUTLETS }--[[EXTRA]] }
-- BODY
return Probe
