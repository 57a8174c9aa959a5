-- SettingsSummary: one line that says how the settings stand, kept up to
-- date as the user flips a switch or drags the slider; Bluetooth needs
-- Wi-Fi's radio here, so it is off and disabled while Wi-Fi is off.
local SettingsSummary = behaviour {
  name = "SettingsSummary",
  outlets = {
    wifi = "Switch", bluetooth = "Switch", brightness = "Slider",
    brightnessLabel = "Label", summary = "Label",
  },
  events = { "valueChanged" },
}

local function onOff(toggle) return toggle.isOn and "on" or "off" end

function SettingsSummary:awake()
  for _, control in ipairs { self.wifi, self.bluetooth, self.brightness } do
    control:on("valueChanged", function() self:refresh() end)
  end
  self:refresh()
end

function SettingsSummary:refresh()
  if not self.wifi.isOn and self.bluetooth.isOn then
    self.bluetooth.isOn = false
  end
  self.bluetooth.enabled = self.wifi.isOn
  local percent = math.floor(self.brightness.value * 100 + 0.5)
  self.brightnessLabel.text = string.format("Brightness %d%%", percent)
  self.summary.text = string.format("Wi-Fi %s · Bluetooth %s · brightness %d%%",
    onOff(self.wifi), onOff(self.bluetooth), percent)
  self:send("valueChanged")
end

return SettingsSummary
