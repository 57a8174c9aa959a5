require 'spec.fixPackagePath'
local i18n = require 'i18n'

it("finds the module through the helper's path", function()
  assert.equals("i18n", i18n.name)
  assert.equals(1, i18n.plural.one)
  assert.matches(";./?/init.lua", package.path, 1, true)
end)
