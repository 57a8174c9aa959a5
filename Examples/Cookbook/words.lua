-- Examples/Cookbook/words.lua
-- A module: helpers the behaviours share through `require "words"`.
local words = {}

-- "no drafts", "1 draft", "3 drafts".
function words.count(n, noun)
  if n == 0 then return "no " .. noun .. "s" end
  return ("%d %s%s"):format(n, noun, n == 1 and "" or "s")
end

return words
