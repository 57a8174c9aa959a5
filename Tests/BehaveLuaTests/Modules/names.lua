-- Module names that are not words joined by dots.
local Names = behaviour { name = "Names" }

function Names:awake()
  for _, name in ipairs { "../secret", "/etc/passwd", "a..b", "", "ui/colors", ".hidden", ("x"):rep(201) } do
    local _, message = pcall(require, name)
    log(message)
  end
  log(select(2, pcall(require, 42)))
end

return Names
