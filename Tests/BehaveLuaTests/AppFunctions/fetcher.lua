-- Waits for the app's answer (an app function that answers later).
local Fetcher = behaviour { name = "Fetcher", outlets = { button = "Button" } }

function Fetcher:awake()
  self.button:on("touchUpInside", function()
    self.state = "waiting"
    local user, visits = testapp.fetch("ada")
    self.state = "done"
    self.user, self.visits = user, visits
  end)
end

function Fetcher:fetchOrFail()
  local ok, message = pcall(testapp.fetch, "nobody")
  self.failed = not ok
  self.message = message
end

return Fetcher
