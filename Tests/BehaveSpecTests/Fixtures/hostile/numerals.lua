-- Loops that read a long numeral in a string again and again: a few
-- instructions a call, millions of bytes each.
describe("a long numeral", function()
  it("read by tonumber in a loop", function()
    local big = string.rep("1", 8 * 1024 * 1024)
    local read = tonumber
    while true do read(big) read(big) read(big) read(big) end
  end)
  it("in arithmetic in a loop", function()
    local big = string.rep("2", 8 * 1024 * 1024)
    while true do local _ = big + 1, -big end
  end)
  it("given to math.abs in a loop", function()
    local big = string.rep("3", 8 * 1024 * 1024)
    local abs = math.abs
    while true do abs(big) abs(big) abs(big) abs(big) end
  end)
  it("compared with another in a loop", function()
    local big = string.rep("4", 8 * 1024 * 1024)
    local other = string.sub(big, 2) .. "5"
    while true do local _ = big < other, big == other end
  end)
  it("passes after", function()
    assert.equals(12, tonumber("12"))
    assert.equals(13, "12" + 1)
  end)
end)
