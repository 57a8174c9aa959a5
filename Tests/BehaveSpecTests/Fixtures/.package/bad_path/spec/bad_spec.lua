it("is refused", function()
  package.path = nil
  require "anything"
end)
it("searches a hundred templates at most", function()
  package.path = string.rep("./?.lua;", 101)
  require "anything"
end)
it("names files of a path's length at most", function()
  package.path = string.rep("?", 30) .. ".lua;./?.lua"
  require(string.rep("a", 150))
end)
