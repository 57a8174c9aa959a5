it("does not search them", function()
  package.path = "OUTSIDE/?.lua;../OUTSIDE_NAME/?.lua;./link/?.lua;./?.txt"
  require "secret"
end)
