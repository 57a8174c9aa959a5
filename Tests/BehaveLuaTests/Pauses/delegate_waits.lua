local Probe = behaviour { name = "Probe", outlets = { field = "TextField", scroll = "ScrollView" } }
function Probe:textFieldShouldReturn() wait(1); return false end
function Probe:scrollViewDidScroll() wait(1); self.scrolled = true end
return Probe
