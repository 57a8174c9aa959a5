-- A module that says when its top level runs: once per scene.
log("loading counted")

local counted = { greeting = "hello", sizes = { 1, 2, 3 } }

function counted.shout(text)
  return text:upper() .. "!"
end

return counted
