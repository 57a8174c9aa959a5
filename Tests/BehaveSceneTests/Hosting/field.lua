local Echo = behaviour { name = "Echo", outlets = { field = "TextField" } }
function Echo:awake()
  self.edits = 0
  self.field:on("editingChanged", function() self.edits = self.edits + 1 end)
end
return Echo
