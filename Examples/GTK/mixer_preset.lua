local PresetName = behaviour {
  name = "PresetName",
  outlets = { field = "TextField", save = "Button" },
  inspectables = { minLength = { type = "integer", default = 3, min = 1 } },
}

function PresetName:_validate()
  local text = self.field.text or ""
  self.save.enabled = #text >= self.minLength
end

function PresetName:awake()
  self.field:on("editingChanged", function() self:_validate() end)
  self:_validate()
end

return PresetName
