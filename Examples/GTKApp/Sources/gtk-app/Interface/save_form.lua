-- SaveForm: Save is enabled only while the field holds some text, and
-- saving says what was saved.
local SaveForm = behaviour {
  name = "SaveForm",
  outlets = { field = "TextField", save = "Button", status = "Label" },
}

function SaveForm:awake()
  self:refresh()
  self.field:on("editingChanged", function() self:refresh() end)
  self.save:on("touchUpInside", function()
    self.status.text = "Saved " .. self.field.text
    print("saved " .. self.field.text)
  end)
end

function SaveForm:refresh()
  self.save.enabled = self.field.text ~= ""
end

return SaveForm
