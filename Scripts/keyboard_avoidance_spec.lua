-- Specs of keyboard_avoidance.lua: a scroll view's bottom inset follows the
-- keyboard. The keyboard is 375 wide at the bottom of an 812-point screen.

local function form(inspectables, frame, bottomInset)
  return scene.new {
    controls = {
      form  = { type = "ScrollView", frame = frame or { 0, 0, 375, 812 }, contentSize = { 375, 1200 },
                bottomInset = bottomInset or 0 },
      field = { type = "TextField", parent = "form", frame = { 16, 700, 343, 44 } },
    },
    behaviours = {
      avoider = { script = "keyboard_avoidance.lua", outlets = { scrollView = "form" }, inspectables = inspectables },
    },
    connections = {
      "keyboard.keyboardWillShow -> avoider.keyboardWillShow",
      "keyboard.keyboardWillHide -> avoider.keyboardWillHide",
    },
  }
end

describe("keyboard_avoidance", function()
  it("makes room for the keyboard along with it, and gives it back", function()
    local s = form()
    s:keyboard("show", 300)
    s:advance(0.125)
    assert.near(150, s.form.bottomInset, 30)     -- on its way, eased
    s:advance(0.125)
    assert.equals(300, s.form.bottomInset)
    s:keyboard("hide")
    s:advance(0.25)
    assert.equals(0, s.form.bottomInset)
  end)

  it("adds extraSpace above the keyboard", function()
    local s = form { extraSpace = 16, duration = 0 }
    s:keyboard("show", 300)
    assert.equals(316, s.form.bottomInset)
  end)

  it("keeps only the room the keyboard covers of a shorter scroll view", function()
    local s = form({ duration = 0 }, { 0, 0, 375, 600 })
    s:keyboard("show", 300)                        -- its top is at 512: 88 points covered
    assert.equals(88, s.form.bottomInset)
    s:keyboard("hide")
    s:keyboard("show", 100)                        -- its top is at 712: nothing covered
    assert.equals(0, s.form.bottomInset)
  end)

  it("returns to the inset the scroll view had, and follows a keyboard that changes height", function()
    local s = form({ duration = 0 }, { 0, 0, 375, 812 }, 20)
    s:keyboard("show", 300)
    assert.equals(320, s.form.bottomInset)
    s:keyboard("show", 250)
    assert.equals(270, s.form.bottomInset)
    s:keyboard("hide")
    assert.equals(20, s.form.bottomInset)
  end)

  it("does nothing until the scene connects the keyboard to it", function()
    local s = scene.script("keyboard_avoidance.lua")
    s:keyboard("show", 300)
    assert.equals(0, s.scrollView.bottomInset)
  end)
end)
