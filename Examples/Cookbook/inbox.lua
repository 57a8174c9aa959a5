-- Examples/Cookbook/inbox.lua
-- The number of unread messages, in words.
local words = require "words"

local Inbox = behaviour {
  name = "Inbox",
  outlets = { badge = "Label" },
  inspectables = { unread = { type = "integer", default = 0, min = 0 } },
}

function Inbox:awake() self:_show() end
function Inbox:changed() self:_show() end

function Inbox:_show()
  self.badge.text = words.count(self.unread, "unread message")
end

return Inbox
