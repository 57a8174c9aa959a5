-- Someone used to busted or UIKit's tests waits for a scene as a
-- behaviour would, or as their test tool does: each is told that the
-- scene's clock moves with `s:advance`.
describe("waiting for a scene", function()
  local s
  before_each(function()
    s = scene.new { controls = { order = { type = "Button", title = "Order" } } }
  end)

  it("waits as a behaviour would", function()
    wait(0.5)
  end)

  it("reads the time as a behaviour would", function()
    return now()
  end)

  it("tells a scene's wait and sleep the method that moves its clock", function()
    assert.has_error(function() s:wait(0.5) end,
      "`wait` is not a scene method, nor a control or behaviour of this scene (did you mean `s:advance`? `wait` is a behaviour's word that pauses its handler until the scene's clock gets there; here the clock moves when you advance it)")
    assert.has_error(function() s:sleep(0.5) end,
      "`sleep` is not a scene method, nor a control or behaviour of this scene (did you mean `s:advance`? `sleep` is other toolkits' word for it)")
    s:advance(0.5)
    assert.equals(0.5, s:now())
  end)
end)
