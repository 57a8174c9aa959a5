local Probe = behaviour { name = "Probe", outlets = {} }
local function try(what, arguments)
  local ok, message = pcall(ask, arguments)
  print(what, ok, message)
end

function Probe:awake()
  local many = {}
  for i = 1, 65 do many[i] = "o" .. i end
  try("many", { options = many })
  try("number", { options = { "a", 2 } })
  try("list", { options = "a" })
  try("title", { title = 5, options = { "a" } })
  try("message", { message = {}, options = { "a" } })
  try("cancel", { cancel = false })
end
return Probe
