package.path = "./lib/?.lua;" .. package.path
package.loaded.counted = nil
package.preload.made = function() return {} end
it("searches", function()
  assert.is_nil(package.searchpath)
end)
