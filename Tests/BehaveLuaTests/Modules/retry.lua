local Retry = behaviour { name = "Retry" }

function Retry:awake()
  for _ = 1, 2 do
    local _, message = pcall(require, "failing")
    log(message)
  end
end

return Retry
