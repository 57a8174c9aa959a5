local M = {}
function M.parse(text)
  local ok, err = xpcall(function() error("bad input: " .. text) end,
                         function(e) return debug.traceback(e, 2) end)
  if not ok then error(err, 0) end
end
return M
