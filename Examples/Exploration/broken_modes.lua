-- A deliberately broken copy of Examples/Modes/modes.lua, for exploration to
-- find: coming back to browse from edit leaves the stepper shown. Its own
-- invariants say so after the right two taps; `behave explore` finds them
-- and shrinks the run to those two commands.
--
--   behave explore Examples/Exploration/broken_modes.scene.yaml --steps 1000
local Modes = behaviour {
  name = "Modes",
  outlets = { label = "Label", button = "Button", stepper = "Stepper" },
  inspectables = {
    emptyColor = { type = "color", default = "red" },
  },
}

local function showNumber(self)
  self.label.text = string.format("%g", self.stepper.value)
end

local function setStepperShown(self, shown)
  self.stepper.hidden = not shown
  self.stepper.userInteractionEnabled = shown
end

local function takesTouches(control)
  return not control.hidden and control.userInteractionEnabled
end

local machine = StateMachine {
  initial = "browse",
  transitions = {
    browse = { "edit" },
    edit   = { "browse", "empty" },
    empty  = { "edit" },
  },
  states = {
    browse = {
      enter = function(self, from)
        self.button.title = "Edit"
        -- the bug: coming back from edit leaves the stepper shown
        if from == nil then setStepperShown(self, false) end
      end,
      tap = function() return "edit" end,
    },
    edit = {
      enter = function(self)
        self.button.title = "Browse"
        setStepperShown(self, true)
      end,
      step = showNumber,
      tap = function(self)
        return self.stepper.value < 1 and "empty" or "browse"
      end,
    },
    empty = {
      enter = function(self)
        self.button.title = "Edit"
        setStepperShown(self, false)
        self.label.backgroundColor = self.emptyColor
      end,
      exit = function(self)
        self.label.backgroundColor = self.normalBackground
      end,
      tap = function() return "edit" end,
    },
  },
  -- The seed's rules, checked after every event: a handler that breaks one
  -- is an error at the line that fired the event.
  invariants = {
    ["the label shows the stepper's number"] = function(self)
      return self.label.text == string.format("%g", self.stepper.value), self.label.text
    end,
    ["the button always takes taps"] = function(self)
      return takesTouches(self.button) and self.button.enabled
    end,
    ["the label never takes taps"] = function(self)
      return not takesTouches(self.label)
    end,
    ["the stepper is shown and takes taps only in edit"] = function(self, state)
      local editing = state == "edit"
      return self.stepper.hidden ~= editing and self.stepper.userInteractionEnabled == editing
    end,
    ["the button says Browse in edit, Edit elsewhere"] = function(self, state)
      return self.button.title == (state == "edit" and "Browse" or "Edit"), self.button.title
    end,
    ["the label is red only in empty"] = function(self, state)
      local expected = state == "empty" and self.emptyColor or self.normalBackground
      return self.label.backgroundColor == expected, tostring(self.label.backgroundColor)
    end,
    ["empty holds a number below 1"] = function(self, state)
      return state ~= "empty" or self.stepper.value < 1
    end,
  },
}

function Modes:awake()
  self.normalBackground = self.label.backgroundColor   -- what leaving empty restores
  self.label.userInteractionEnabled = false            -- only the button takes taps
  showNumber(self)
  self.machine = machine:start(self)
  self.button:on("touchUpInside", function() self.machine:fire("tap") end)
  self.stepper:on("valueChanged", function() self.machine:fire("step") end)
end

function Modes:changed(name)
  if name == "emptyColor" and self.machine:is("empty") then
    self.label.backgroundColor = self.emptyColor
  end
end

return Modes
