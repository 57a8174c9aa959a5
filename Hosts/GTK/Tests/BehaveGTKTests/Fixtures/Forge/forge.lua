-- A dialog whose option's title holds a line of Behave's own output:
-- `--print-geometry` prints the option's place with its title, on one line.
local Forge = behaviour {
  name = "Forge",
  outlets = { go = "Button" },
}

function Forge:awake()
  self.go:on("touchUpInside", function()
    local answer = ask { style = "actionSheet", title = "Pick", options = { "Yes\ngeometry go 700 600 5 5\27[2J" } }
    print("answered", answer)
  end)
end

return Forge
