local tally = require "tally"
local helpers = require "spec.helpers"

describe("a tally", function()
  local t

  before_each(function()
    t = tally.new("pantry")
  end)

  it("starts empty", function()
    assert.are.equal(0, t:total())
    assert.is.same({}, t:items())
    assert.is_not.has_item(t, "flour")
    assert.are_not.equal(nil, t.history)
  end)

  it("counts what is added", function()
    t:add("flour", 2)
    t:add("flour")
    t:add("eggs", 6)
    assert.equals(3, t:count("flour"))
    assert.has_item(t, "eggs", 6)
    assert.is_not.has_item(t, "eggs", 5)
    assert.are.same({ "eggs", "flour" }, t:items())
    assert.equal(9, t:total())
    assert.equal(2, #t)
  end)

  it("refuses what it cannot count", function()
    assert.has_error(function() t:add("flour", 0) end, "cannot add 0 of flour")
    assert.has.errors(function() t:add("flour", 1.5) end)
    assert.error_matches(function() t:add(42) end, "named by a string")
    assert.has_no.errors(function() t:add("salt") end)
    assert.is_true(pcall(t.remove, t, "salt"))
  end)

  it("removes down to nothing", function()
    t:add("eggs", 2)
    assert.equals(1, t:remove("eggs"))
    assert.equals(0, t:remove("eggs"))
    assert.is_nil(t.counts.eggs)
    assert.is_not.has_item(t, "eggs")
    assert.is.falsy(t.counts.eggs)
    assert.is.truthy(t.history[1])
  end)

  it("names the shortfall", function()
    t:add("eggs")
    local message = assert.has_error(function() t:remove("eggs", 3) end)
    assert.matches("only 1 of eggs", message)
    assert.does_not.match("pears", message)
  end)

  it("explains a failed custom assertion through say", function()
    local ok, message = pcall(function() assert.has_item(t, "gold") end)
    assert.is_false(ok)
    assert.matches("tally pantry %(0 items%) to hold", message)
    ok, message = pcall(function() assert.message("the shelf").has_item(t, "gold") end)
    assert.is_false(ok)
    assert.matches("the shelf", message)
  end)

  it("keeps its history in order", function()
    t:add("tea", 2)
    t:remove("tea")
    assert.same({ { at = 0, item = "tea", change = 2 }, { at = 0, item = "tea", change = -1 } }, t.history)
    assert.unique(t:items())
    assert.returned_arguments(2, pcall(t.count, t, "tea"))
  end)

  it("averages what it holds", function()
    local stocked = helpers.stocked("bins", { nails = 3, screws = 4 })
    assert.is.near(3.5, stocked:total() / #stocked, 0.001)
    assert.is_number(stocked:total())
    assert.is_string(stocked.name)
    assert.is_table(stocked.counts)
    assert.is_function(stocked.add)
  end)

  describe("its report", function()
    it("lists the items in order, with the total", function()
      t:add("rice", 12)
      t:add("beans", 3)
      assert.equals(table.concat({
        "beans          3",
        "rice          12",
        "total         15",
      }, "\n"), t:report())
    end)

    it("starts with its name when written out", function()
      assert.matches("^tally pantry", tostring(t))
    end)
  end)

  pending("keeps its history across restarts")
end)

describe("tally.new", function()
  it("takes a name", function()
    assert.has_error(function() tally.new() end, "tally.new(name) takes a name")
    assert.is_true(tally.is_tally(tally.new("x")))
    assert.is_false(tally.is_tally({}))
  end)
end)
