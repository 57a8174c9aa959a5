it("changes its package", function()
  print(package.path)
  package.path = "SUITE/lib/?.lua;" .. package.path
  assert.is_table(require "counted")
  package.loaded.other = "fake"
  package.preload.made = function() return "made" end
  package.config = "changed"
  package.loaded.string = nil
  package.extra = true
  package = nil
end)
