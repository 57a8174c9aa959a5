-- A behaviour whose tap handler never ends.
local Spin = behaviour {
  name = "Spin",
  outlets = { button = "Button" },
}

function Spin:awake()
  self.button:on("touchUpInside", function() self:spin() end)
end

function Spin:spin()
  local turns = 0
  while turns >= 0 do
    turns = turns + 1
  end
end

return Spin
