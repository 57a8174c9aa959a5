local Parser = require "options"
local unpack = unpack or table.unpack

-- A helper defined as a global, as many suites do.
function parse(...)
  return Parser("tool"):flag("-v", "--verbose"):option("-o", "--output", "a.out"):parse({ ... })
end

describe("options", function()
  it("takes flags", function()
    assert.is_true(parse("-v").verbose)
    assert.is_true(parse("--verbose").verbose)
    assert.is_nil(parse().verbose)
  end)

  it("takes options with a default", function()
    assert.equals("a.out", parse().output)
    assert.equals("b", parse("-o", "b").output)
    assert.equals("c", parse("--output=c").output)
  end)

  it("keeps positional arguments in order", function()
    assert.same({ "x", "y" }, parse("x", "-v", "y").arguments)
    assert.same({ "x", "y" }, { unpack(parse("x", "y").arguments) })
  end)

  describe("mistakes", function()
    it("names an unknown option", function()
      local result, message = parse("--colour")
      assert.is_nil(result)
      assert.equals("unknown option '--colour'", message)
    end)

    it("says an option needs its value", function()
      assert.same({ nil, "option '-o' requires an argument" }, { parse("-o") })
    end)
  end)
end)
