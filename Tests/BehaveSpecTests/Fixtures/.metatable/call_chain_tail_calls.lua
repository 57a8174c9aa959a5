-- The sandbox differential tests' chunk, run in a spec: the test puts the
-- text of Tests/SandboxDifferentialTests/Findings/call_chain_tail_calls.lua,
-- whose last statement returns what the chain ends in, in place of the
-- line below `local ended`.
it("runs the chain", function()
  local ended = (function()
-- CHAIN
  end)()
  assert.equals(1023, ended)
end)
