-- expect: uikit_colour.lua:9: `UIColor` is not defined here (no local, global or Behave function has this name), so it is nil; `UIColor` is UIKit's colour type, which Behave has no need of: a colour is a string here, a name or `#RRGGBB`: `label.textColor = "red"`, `"#FF3B30"`
-- connect: label
local Warning = behaviour {
  name = "Warning",
  outlets = { label = "Label" },
}

function Warning:awake()
  self.label.textColor = UIColor.red
end

return Warning
