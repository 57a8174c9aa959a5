it("starts as the places require looks", function()
  assert.equals("./src/?.lua;./src/?/?.lua;./src/?/init.lua;./?.lua;./?/init.lua;spec/?.lua;spec/?/init.lua",
                package.path)
  assert.equals("root", require("only_here").from)
end)
it("searches a template put first before the rest", function()
  package.path = "./lib/?.lua;" .. package.path
  package.loaded.only_here = nil
  assert.equals("lib", require("only_here").from)
end)
it("searches only the templates it holds", function()
  package.path = "./lib/?.lua"
  package.loaded.i18n = nil
  local ok, message = pcall(require, "i18n")
  assert.is_false(ok)
  assert.matches("module 'i18n' not found; tried ./lib/i18n.lua (in a spec, require searches package.path", message, 1, true)
end)
