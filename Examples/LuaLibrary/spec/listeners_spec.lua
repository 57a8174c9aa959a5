-- Spies, stubs, mocks and matchers, with busted's functions taken from its
-- modules rather than from the globals.
local busted = require "busted"
local describe, it, before_each, after_each = busted.describe, busted.it, busted.before_each, busted.after_each
local setup, teardown = busted.setup, busted.teardown
local assert = require "luassert"
local spy = require "luassert.spy"
local stub = require "luassert.stub"
local mock = require "luassert.mock"
local match = require "luassert.match"
local tally = require "tally"
require "spec.helpers"

describe("listeners", function()
  local t

  before_each(function()
    t = tally.new("shop")
  end)

  it("hear every change", function()
    local heard = spy.new(function() end)
    t:on("changed", heard)
    t:add("apples", 3)
    t:remove("apples")
    assert.spy(heard).was.called(2)
    -- Calls are recorded as copies, so the tally itself is matched by reference.
    assert.spy(heard).was_called_with(match.is_ref(t), "apples", 3)
    assert.spy(heard).was.called_with(match.is_tally(), "apples", match.is_number())
    assert.spy(heard).was_not.called_with(t, "pears", match._)
    assert.spy(heard).was.called_at_least(1)
    assert.spy(heard).was.called_at_most(2)
  end)

  it("hear when an item runs out", function()
    local emptied = spy.new()
    t:on("emptied", emptied)
    t:add("pears")
    assert.spy(emptied).was_not.called()
    t:remove("pears")
    assert.spy(emptied).was.called_with(match.is_ref(t), match.is_string())
    assert.spy(emptied).was.called_with(match.is_not.is_nil(), match.matches("^pe"))
  end)

  it("are watched with spy.on", function()
    local watch = spy.on(t, "emit")
    t:add("figs")
    assert.spy(watch).was.called_with(match.is_ref(t), "changed", "figs", 1)
    assert.is_true(spy.is_spy(t.emit))
    watch:revert()
    assert.is_false(spy.is_spy(t.emit))
  end)

  it("see what a spy returned", function()
    local double = spy.new(function(n) return n * 2 end)
    assert.equals(8, double(4))
    assert.spy(double).returned_with(8)
    assert.spy(double).was_not.returned_with(9)
  end)
end)

describe("the clock", function()
  it("is stubbed in a spec", function()
    local s = stub(tally, "now").returns(42)
    finally(function() s:revert() end)
    local t = tally.new("stamped")
    t:add("x")
    assert.equals(42, t.history[1].at)
    assert.stub(tally.now).was.called(1)
  end)

  it("is itself again once the stub is reverted", function()
    assert.equals(0, tally.now())
    assert.is_false(spy.is_spy(tally.now))
  end)

  it("answers some calls otherwise", function()
    local s = stub(tally, "now")
    s.on_call_with("late").returns(99)
    s.returns(1)
    assert.equals(99, tally.now("late"))
    assert.equals(1, tally.now())
    s:revert()
    assert.equals(0, tally.now())
  end)

  it("calls what a stub invokes", function()
    local s = stub(tally, "now")
    s.invokes(function() return 7 end)
    assert.equals(7, tally.now())
    s:revert()
  end)
end)

describe("a mock", function()
  it("spies on every function of a table", function()
    local format = mock(require "tally.format")
    local t = tally.new("mocked")
    t:add("a")
    t:report()
    assert.spy(format.report).was.called_with(match.is_ref(t))
    assert.spy(format.line).was.called(2)
    mock.revert(format)
    assert.is_false(spy.is_spy(format.report))
  end)

  it("stubs every function of a table", function()
    local greeter = mock({ greet = function() return "hi" end }, true)
    assert.is_nil(greeter.greet("you"))
    assert.stub(greeter.greet).was.called_with("you")
  end)
end)

describe("hooks", function()
  local order = {}

  setup(function() order[#order + 1] = "setup" end)
  teardown(function() order[#order + 1] = "teardown" end)
  before_each(function() order[#order + 1] = "before" end)
  after_each(function() order[#order + 1] = "after" end)

  it("run around each spec", function()
    finally(function() order[#order + 1] = "finally" end)
    assert.same({ "setup", "before" }, order)
  end)

  it("ran in busted's order", function()
    assert.same({ "setup", "before", "finally", "after", "before" }, order)
  end)
end)
