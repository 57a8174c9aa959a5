-- Says each step of its life, and leaves a timer, a wait and an
-- animation pending for a reload to cut short.
local First = behaviour { name = "First", outlets = { button = "Button" } }

function First:awake()
  print("first awake")
  after(1, function() print("first timer fired") end)
  self.button:on("touchUpInside", function()
    print("first heard a tap")
    wait(1)
    print("first waited")
  end)
  -- To half: the tests tap it while it fades (one fading to 0 takes no tap).
  animate(2, function() self.button.alpha = 0.5 end)
  print("first animated")
end

function First:destroy()
  print("first destroy")
end

return First
