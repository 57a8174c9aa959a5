-- The monkey's behaviour: every handler does mischief to the controls,
-- its own among them, while the user's input is under way: re-entrant
-- sets, values at and past the edges, hiding or disabling what is being
-- clicked, text changed under the caret, timers that fire during input,
-- and errors. math.random is seeded per scene, so a run's mischief
-- follows from its input.
local Chaos = behaviour {
  name = "Chaos",
  outlets = {
    button = "Button", hider = "Button", label = "Label", stepper = "Stepper",
    toggle = "Switch", slider = "Slider", field = "TextField", secret = "TextField",
    picture = "ImageView", scroller = "ScrollView", stack = "Stack",
    inner = "Button", innerLabel = "Label", plain = "View",
  },
  inspectables = { fury = { type = "integer", default = 3, min = 0, max = 20 } },
  requires = { "camera", "photoLibrary" },
}

local texts = {
  "", "x", "héllo wörld", "👍🏽👍🏽", "e\u{301}\u{301}\u{301}", "مرحبا", "line\nbreak",
  "tab\there", string.rep("long ", 400), "\u{200B}", "<b>markup</b>", "%s%d",
}
local numbers = { 0, -1, 1, 0.5, 1e9, -1e9, 99.999, 100, 101, 1e-9, 1 / 0, -1 / 0, 0 / 0, 2 ^ 53 }
local colours = { "red", "#00FF00", "clear", "black", "#12345678", "notacolour" }

local function pick(list) return list[math.random(#list)] end

-- Each a piece of mischief; many raise (a value out of range), which is the point.
local mischief = {
  function(self) self.label.text = pick(texts) end,
  function(self) self.button.title = pick(texts) end,
  function(self) self.button.enabled = not self.button.enabled end,
  function(self) self.button.hidden = not self.button.hidden end,
  function(self) self.hider.selected = not self.hider.selected end,
  function(self) self.stepper.value = pick(numbers) end,
  function(self) self.stepper.maximumValue = pick(numbers) end,
  function(self) self.stepper.minimumValue = pick(numbers) end,
  function(self) self.stepper.stepValue = pick(numbers) end,
  function(self) self.slider.value = pick(numbers) end,
  function(self) -- a new range, the bound that makes room set first
    local low = pick(numbers)
    local high = low + math.random(0, 3)
    if low > self.slider.maximumValue then
      self.slider.maximumValue = high
      self.slider.minimumValue = low
    else
      self.slider.minimumValue = low
      self.slider.maximumValue = high
    end
  end,
  function(self) self.toggle.isOn = not self.toggle.isOn end,
  function(self) self.toggle.hidden = not self.toggle.hidden end,
  function(self) self.toggle.userInteractionEnabled = not self.toggle.userInteractionEnabled end,
  function(self) self.field.text = pick(texts) end,
  function(self) self.field.maxLength = math.random(0, 6) end,
  function(self) self.field.secureTextEntry = not self.field.secureTextEntry end,
  function(self) self.field.placeholder = pick(texts) end,
  function(self) self.field.editing = not self.field.editing end,
  function(self) self.secret.editing = true end,
  function(self) self.secret.text = pick(texts) end,
  function(self) self.field.hidden = not self.field.hidden end,
  function(self) self.picture.image = pick({ "star-on", "star-off", "missing", nil }) end,
  function(self) self.button.image = pick({ "star-on", "missing" }) end,
  function(self) self.scroller.contentOffset = { math.random(-50, 500), pick(numbers) } end,
  function(self) self.scroller.contentSize = { math.random(0, 2000), pick({ 0, 10, 5000, 1e9 }) } end,
  function(self) self.scroller.bottomInset = pick(numbers) end,
  function(self) self.stack.axis = pick({ "vertical", "horizontal" }) end,
  function(self) self.stack.spacing = pick(numbers) end,
  function(self) self.stack.alignment = pick({ "fill", "leading", "center", "trailing" }) end,
  function(self) self.stack.distribution = pick({ "fill", "fillEqually" }) end,
  function(self) self.stack.padding = pick(numbers) end,
  function(self) self.inner.hidden = not self.inner.hidden end,
  function(self) self.innerLabel.fontSize = pick({ 1, 12, 72, 400, 0 }) end,
  function(self) self.label.fontWeight = pick({ "bold", "regular", "black", "heavy" }) end,
  function(self) self.plain.backgroundColor = pick(colours) end,
  function(self) self.label.textColor = pick(colours) end,
  function(self) self.button.titleColor = pick(colours) end,
  function(self) self.slider.alpha = pick({ 0, 0.3, 1, 1.5 }) end,
  function(self) self.stack.hidden = not self.stack.hidden end,
  function(self) self.plain.frame = { math.random(-100, 100), 0, pick(numbers), 10 } end,
  function(self) self.field.userInteractionEnabled = not self.field.userInteractionEnabled end,
  function(self) self.slider.userInteractionEnabled = not self.slider.userInteractionEnabled end,
  function(self) self.stepper.hidden = not self.stepper.hidden end,
  function(self) self.scroller.hidden = not self.scroller.hidden end,
  function() error("the monkey raised this on purpose") end,
  function(self)
    animate(math.random(1, 30) / 10, function()
      self.slider.alpha = math.random()
      self.label.fontSize = math.random(1, 60)
      self.plain.frame = { math.random(0, 50), 0, math.random(0, 300), math.random(0, 40) }
      self.scroller.contentOffset = { 0, math.random(0, 300) }
    end, pick({ "linear", "easeIn", "easeOut", "easeInOut" }))
  end,
  function(self)
    local options = {}
    for i = 1, math.random(0, 5) do options[i] = pick(texts) .. i end
    local answer = ask { style = pick({ "alert", "actionSheet" }), title = pick(texts), message = pick(texts),
                         options = options, cancel = "Cancel" }
    self.label.text = tostring(answer)
  end,
  function(self)
    local photo = platform.pickImage(pick({ "camera", "photoLibrary" }))
    self.picture.image = photo
  end,
  function(self) self.stepper.value = self.stepper.maximumValue end,
  function(self) self.slider.value = self.slider.minimumValue end,
}

-- `fury` pieces of mischief, each under pcall but the last, which may raise.
function Chaos:_mischief(why)
  for i = 1, self.fury do
    local act = pick(mischief)
    if i < self.fury then pcall(act, self) else act(self) end
  end
  self.lastWhy = why
end

-- A timer that keeps firing during the user's input, each time with mischief.
function Chaos:_tick()
  after(math.random(1, 20) / 100, function()
    self:_mischief("timer")
    self:_tick()
  end)
end

function Chaos:awake()
  self.button:on("touchDown", function(button)
    button.hidden = math.random() < 0.3      -- hidden while held
    self:_mischief("touchDown")
  end)
  self.button:on("touchUpInside", function(button)
    button.enabled = math.random() < 0.5     -- disabled as it is clicked
    self:_mischief("touchUpInside")
    after(0.05, function() button.enabled = true; button.hidden = false end)
  end)
  self.hider:on("touchUpInside", function(hider)
    hider.hidden = true
    for _, name in ipairs({ "field", "toggle", "slider", "stepper", "stack" }) do
      self[name].hidden = math.random() < 0.5
    end
    after(0.2, function()
      hider.hidden = false
      for _, name in ipairs({ "field", "toggle", "slider", "stepper", "stack" }) do self[name].hidden = false end
    end)
  end)
  self.inner:on("touchUpInside", function(inner)
    self.stack.axis = self.stack.axis == "vertical" and "horizontal" or "vertical"
    inner.title = inner.title .. "!"
    self:_mischief("inner")
  end)
  self.stepper:on("valueChanged", function(stepper)
    if math.random() < 0.5 then stepper.value = stepper.value + 1 end   -- re-entrant
    if math.random() < 0.3 then stepper.maximumValue = stepper.value end
    self:_mischief("stepper")
  end)
  self.toggle:on("valueChanged", function(toggle)
    if math.random() < 0.3 then toggle.isOn = not toggle.isOn end     -- flips it back
    toggle.userInteractionEnabled = math.random() < 0.7
    self:_mischief("toggle")
  end)
  self.slider:on("valueChanged", function(slider)
    if math.random() < 0.4 then slider.value = math.floor(slider.value / 10) * 10 end
    if math.random() < 0.2 then slider.maximumValue = slider.value + 1 end
    if math.random() < 0.1 then slider.hidden = true; after(0.1, function() slider.hidden = false end) end
    self:_mischief("slider")
  end)
  self.field:on("editingChanged", function(field)
    local r = math.random()
    if r < 0.2 then field.text = string.upper(field.text)
    elseif r < 0.3 then field.text = field.text .. "·"
    elseif r < 0.4 then field.text = ""
    elseif r < 0.45 then field.editing = false
    elseif r < 0.5 then field.hidden = true; after(0.1, function() field.hidden = false end)
    end
    self.label.text = field.text
    self:_mischief("field")
  end)
  self.field:on("editingDidEndOnExit", function(field)
    field.enabled = false    -- disabled as its return ends the editing
    after(0.05, function() field.enabled = true end)
  end)
  self.secret:on("editingChanged", function(secret)
    self.field.text = secret.text
    if #secret.text > 5 then secret.text = "" end
  end)
  self:_tick()
end

function Chaos:textFieldShouldReturn(field)
  return math.random() < 0.5
end

function Chaos:scrollViewDidScroll(scroller)
  if math.random() < 0.3 then scroller.contentOffset = { 0, math.random(0, 40) } end
  if math.random() < 0.2 then scroller.contentSize = { 100, math.random(0, 600) } end
end

function Chaos:destroy()
  print("chaos destroyed")
end

return Chaos
