it("shows the modules loaded", function()
  assert.is_nil(package.loaded.counted)
  local counted = require "counted"
  assert.equals(counted, package.loaded.counted)
  assert.equals(string, package.loaded.string)
  assert.equals(_G, package.loaded._G)
end)
it("loads a module again once its entry is cleared", function()
  assert.equals(1, require("counted").loads)
  package.loaded.counted = nil
  assert.equals(2, require("counted").loads)
  assert.equals(2, require("counted").loads)
end)
it("hands out what a spec puts there", function()
  local fake = { loads = "fake" }
  package.loaded.counted = fake
  assert.equals(fake, require "counted")
end)
it("keeps what a module put there itself", function()
  assert.is_true(require("registers").registered)
end)
it("runs a loader put in package.preload", function()
  package.preload.made = function(name, data) return { name = name, data = data } end
  assert.same({ name = "made", data = ":preload:" }, require "made")
  assert.equals(require "made", package.loaded.made)
end)
it("has what Lua's package has and no C modules", function()
  assert.equals("", package.cpath)
  assert.equals("/", package.config:sub(1, 1))
  assert.same({ nil, "a spec loads no C libraries: behave test runs specs in Behave's sandbox", "absent" },
              { package.loadlib("./lfs.so", "luaopen_lfs") })
  assert.is_nil(rawget(package, "searchers"))
end)
