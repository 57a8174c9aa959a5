local Probe = behaviour { name = "Probe", outlets = { scroll = "ScrollView" } }
function Probe:awake()
  local refused = 0
  for id = -1, 8 do
    local fake = setmetatable({}, { id, {}, {}, __index = self, __newindex = rawset,
                                    __metatable = false })
    local ok, message = pcall(function() self.scroll.delegate = fake end)
    if not ok and message:find("a delegate must be a behaviour", 1, true) then
      refused = refused + 1
    end
  end
  self.refused = refused
  self.kept = self.scroll.delegate == nil
end
function Probe:scrollViewDidScroll() self.heard = true end
return Probe
