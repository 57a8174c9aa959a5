-- expect: uikit_text_alignment.lua:9: Label has no property or method `textAlignment` (`textAlignment` is UIKit's name for a text's alignment; Behave has none) (on `label`)
-- connect: label
local Caption = behaviour {
  name = "Caption",
  outlets = { label = "Label" },
}

function Caption:awake()
  self.label:textAlignment("center")
end

return Caption
