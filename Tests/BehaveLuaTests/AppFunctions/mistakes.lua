-- Each action makes one mistake in calling the app's functions.
local Mistakes = behaviour { name = "Mistakes", outlets = { button = "Button" } }

function Mistakes:misspeltStyle()
  testapp.vibrate("hevy")
end

function Mistakes:tooMany()
  testapp.vibrate("light", 2)
end

function Mistakes:missing()
  testapp.track()
end

function Mistakes:wrongProperty()
  testapp.track("tapped", { count = { 1 } })
end

function Mistakes:passFunction()
  testapp.echo(function() end)
end

function Mistakes:passControl()
  testapp.echo({ target = self.button })
end

function Mistakes:colon()
  testapp:vibrate("light")
end

function Mistakes:appFails()
  testapp.fail("the engine is off")
end

function Mistakes:hugeArgument()
  testapp.echo(string.rep("x", 2 * 1024 * 1024))
end

function Mistakes:hugeResult()
  self.result = testapp.big(8 * 1024 * 1024)
end

function Mistakes:loop()
  while true do testapp.count() end
end

function Mistakes:reenter()
  testapp.tapButton()
end

function Mistakes:misspeltFunction()
  testapp.vibrat("light")
end

return Mistakes
