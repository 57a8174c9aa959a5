local Owner = behaviour { outlets = { scrollView = "ScrollView", button = "Button" }, events = { "alarm" } }

function Owner:awake()
  self.tally = setmetatable({ n = 0 }, { __call = function(t) t.n = t.n + 1; return t end, __len = function(t) return t end })
  self.timer = after(10, function() print("timer fired") end)
  self.connection = self.button:on("touchUpInside", function() print("handler ran") end)
  self.scrollView.delegate = self
  self.chosen = { [{ n = 1 }] = true }
end

function Owner:stop()
  self.timer:cancel()
end

function Owner:scrollViewDidScroll() end

function Owner:panic() print("panic performed") end

return Owner
