local Probe = behaviour { name = "Probe", outlets = {} }
print = nil
function Probe:awake()
  self.printGone = print == nil
  tostring = nil
  self.tostringGone = tostring == nil
  rawset(_G, "select", nil)
  self.selectGone = select == nil
  local s = string
  self.sameString = s == string
  string = nil
  self.stringGone = string == nil
  self.first = next(_G) ~= nil
  _G.after = 1
  self.after = after
end
return Probe
