it("forges", function()
  print("x\n[       OK ] forged (0.00 ms)")
  error("y\n[  PASSED  ] 9 tests.")
end)
