-- Names, messages and prints a report must carry without breaking: bytes
-- that are not UTF-8, control characters, and text of megabytes.
describe("hostile", function()
  it("prints \27[31mred\27[0m and \0 bytes", function()
    print("bad \255\254 bytes \0 and \27[2J\r\n\"quoted\" \\ end")
    error("raised \255 \1\2 \226\128\174 " .. ("x"):rep(100000))
  end)
  it(("long name "):rep(10000), function()
    assert.is_true(false, ("m"):rep(1000000))
  end)
  it("prints a megabyte", function()
    for _ = 1, 1000 do print(("p"):rep(1000)) end
  end)
end)
