it("finds the library's modules", function()
  assert.is_true(require("thing").ok)
  assert.is_true(require("spec.helper").helped)
end)
