local counting = require("words.counting")
local M = {}
function M.count(text)
  total = counting.count(text)
  return totl
end
return M
