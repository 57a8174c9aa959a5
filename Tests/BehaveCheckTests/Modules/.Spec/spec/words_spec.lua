local words = require "words"
describe("words", function()
  it("counts", function() assert.are.equal(nil, words.count("a b")) end)
end)
