-- expect: american_spelling.lua:3: `behavior` is not defined: Behave spells it `behaviour`; write `behaviour { … }`
-- phase: load
local Like = behavior {
  name = "LikeButton",
  outlets = { button = "Button" },
}

return Like
