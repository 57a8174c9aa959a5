-- Specs of the State pattern example (a screen in Browse, Edit or Empty
-- mode, modes.lua): every rule of it, on the scene file itself.

local RED = "red"                        -- the default emptyColor, read back as it is written

-- Presses the stepper's minus `times` times.
local function stepDown(s, times)
  for _ = 1, times do s:step("stepper", "-") end
end

-- Whether a control would take a tap: shown and interactive.
local function takesTaps(control)
  return not control.hidden and control.userInteractionEnabled
end

describe("Modes", function()
  local s
  before_each(function() s = scene.load("modes.scene.yaml") end)
  after_each(function() assert.same({}, s:errors()) end)   -- no invariant broke on the way

  describe("browse", function()
    it("is where it starts, showing the stepper's number", function()
      assert.equals("browse", s.modes.machine.state)
      assert.equals("3", s.label.text)
      assert.equals(3, s.stepper.value)
    end)

    it("says Edit on the button", function()
      assert.equals("Edit", s.button.title)
    end)

    it("hides the stepper and makes it not interactive", function()
      assert.is_true(s.stepper.hidden)
      assert.is_false(s.stepper.userInteractionEnabled)
    end)

    it("lets only the button take taps", function()
      assert.is_true(takesTaps(s.button))
      assert.is_false(takesTaps(s.stepper))
      assert.is_false(takesTaps(s.label))
      s:step("stepper", "+")
      s:tap("label")
      assert.equals(3, s.stepper.value)
      assert.equals("3", s.label.text)
      assert.equals("browse", s.modes.machine.state)
    end)

    it("goes to edit on a tap of the button", function()
      s:tap("button")
      assert.equals("edit", s.modes.machine.state)
    end)
  end)

  describe("edit", function()
    before_each(function() s:tap("button") end)

    it("shows the stepper and makes it interactive", function()
      assert.is_false(s.stepper.hidden)
      assert.is_true(s.stepper.userInteractionEnabled)
      assert.is_true(takesTaps(s.stepper))
    end)

    it("says Browse on the button", function()
      assert.equals("Browse", s.button.title)
    end)

    it("changes the number in the label with the stepper", function()
      s:step("stepper", "+")
      assert.equals("4", s.label.text)
      stepDown(s, 2)
      assert.equals("2", s.label.text)
      assert.equals(2, s.stepper.value)
    end)

    it("goes back to browse when left with a number of 1 or more", function()
      stepDown(s, 2)
      s:tap("button")
      assert.equals("browse", s.modes.machine.state)
      assert.equals("1", s.label.text)
      assert.equals("Edit", s.button.title)
      assert.is_true(s.stepper.hidden)
      assert.is_nil(s.label.backgroundColor)
    end)

    it("enters empty when left with a number below 1", function()
      stepDown(s, 3)
      s:tap("button")
      assert.equals("empty", s.modes.machine.state)
    end)

    it("keeps the label's normal background while edit lasts, even below 1", function()
      stepDown(s, 3)
      assert.equals("0", s.label.text)
      assert.is_nil(s.label.backgroundColor)
      assert.equals("edit", s.modes.machine.state)
    end)
  end)

  describe("empty", function()
    before_each(function()
      s:tap("button")
      stepDown(s, 3)
      s:tap("button")
    end)

    it("makes the label background red", function()
      assert.equals(RED, s.label.backgroundColor)
      assert.equals("0", s.label.text)
    end)

    it("hides the stepper and makes it not interactive", function()
      assert.is_true(s.stepper.hidden)
      assert.is_false(s.stepper.userInteractionEnabled)
      s:step("stepper", "+")
      assert.equals(0, s.stepper.value)
    end)

    it("has the button go to edit", function()
      assert.equals("Edit", s.button.title)
      s:tap("button")
      assert.equals("edit", s.modes.machine.state)
      assert.equals("Browse", s.button.title)
      assert.is_true(takesTaps(s.stepper))
    end)

    it("gives the label its normal background back when left", function()
      s:tap("button")
      assert.is_nil(s.label.backgroundColor)
    end)

    it("comes back when edit is left below 1 again, and browse follows a fix", function()
      s:tap("button")
      s:tap("button")
      assert.equals("empty", s.modes.machine.state)
      s:tap("button")
      s:step("stepper", "+")
      s:tap("button")
      assert.equals("browse", s.modes.machine.state)
      assert.equals("1", s.label.text)
      assert.is_nil(s.label.backgroundColor)
    end)

    it("follows its colour inspectable", function()
      s:set("modes.emptyColor", "orange")
      assert.not_equals(RED, s.label.backgroundColor)
      assert.equals(s.modes.emptyColor, s.label.backgroundColor)
    end)
  end)

  describe("every rule at once", function()
    -- The seed's rules for the state the machine says it is in.
    local function checkRules(step)
      local state = s.modes.machine.state
      local where = string.format("after step %d, in %s", step, tostring(state))
      assert.equals(string.format("%g", s.stepper.value), s.label.text, where)
      assert.is_true(takesTaps(s.button), where)
      assert.is_false(takesTaps(s.label), where)
      assert.equals(state == "edit", takesTaps(s.stepper), where)
      assert.equals(state ~= "edit", s.stepper.hidden, where)
      assert.equals(state == "edit" and "Browse" or "Edit", s.button.title, where)
      assert.equals(state == "empty" and RED or nil, s.label.backgroundColor, where)
      if state == "empty" then assert.is_true(s.stepper.value < 1, where) end
    end

    it("hold through 300 random taps and steps", function()
      local seen = {}
      for step = 1, 300 do
        local roll = math.random(4)
        if roll == 1 then s:tap("button")
        elseif roll == 2 then s:step("stepper", "+")
        else s:step("stepper", "-") end     -- down more often, so empty comes up
        checkRules(step)
        seen[s.modes.machine.state] = true
      end
      assert.same({ browse = true, edit = true, empty = true }, seen)
    end)
  end)
end)
