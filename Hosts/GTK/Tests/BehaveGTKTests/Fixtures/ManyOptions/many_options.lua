-- An action sheet of 64 options, the most `ask` takes: taller than any screen.
local ManyOptions = behaviour {
  name = "ManyOptions",
  outlets = { go = "Button" },
}

function ManyOptions:awake()
  self.go:on("touchUpInside", function()
    local options = {}
    for i = 1, 64 do options[i] = "Option " .. i end
    print("answered", ask { style = "actionSheet", title = "Pick one", options = options })
  end)
end

return ManyOptions
