-- Module names that are not words joined by dots (or slashes, as Lua's
-- path reads them: "ui/colors" is a name, of a module that is not there).
local Names = behaviour { name = "Names" }

function Names:awake()
  for _, name in ipairs { "../secret", "/etc/passwd", "a..b", "", ".hidden", ("x"):rep(201), "ui/colors" } do
    local _, message = pcall(require, name)
    log(message)
  end
  log(select(2, pcall(require, 42)))
end

return Names
