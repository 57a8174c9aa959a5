-- expect: format_infinity_as_whole.lua:11: string.format's `%d` (or `%i`, `%x`, `%o`, `%c`) takes a whole number, but the number given for it (argument #2) has a fraction or is beyond an integer's range; round it first, `math.floor(value + 0.5)`, or write it with `%.0f`
-- connect: label
local Rate = behaviour {
  name = "Rate",
  outlets = { label = "Label" },
}

function Rate:awake()
  local taps, seconds = 12, 0
  -- Before the first second: 12 / 0 is math.huge, no integer.
  self.label.text = string.format("%d taps a second", taps / seconds)
end

return Rate
