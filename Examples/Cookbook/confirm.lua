-- Examples/Cookbook/confirm.lua
-- Confirming before applying: deleting the drafts asks first; only
-- "Delete" applies it, "Cancel" changes nothing.
local Confirm = behaviour {
  name = "ConfirmDelete",
  outlets = { deleteButton = "Button", countLabel = "Label" },
  inspectables = { drafts = { type = "integer", default = 3, min = 0 } },
  events = { "valueChanged" },
}

function Confirm:awake()
  self.remaining = self.drafts
  self.deleteButton:on("touchUpInside", function() self:deleteAll() end)
  self:_show()
end

function Confirm:deleteAll()
  local answer = ask {
    style = "alert",
    title = ("Delete %d drafts?"):format(self.remaining),
    message = "This cannot be undone.",
    options = { "Delete" },
    cancel = "Cancel",
  }
  if answer == "Delete" then
    self.remaining = 0
    self:_show()
    self:send("valueChanged")
  end
end

function Confirm:_show()
  self.countLabel.text = ("%d drafts"):format(self.remaining)
  self.deleteButton.enabled = self.remaining > 0
end

return Confirm
