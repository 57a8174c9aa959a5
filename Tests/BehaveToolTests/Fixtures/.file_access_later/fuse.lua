local M = {}
function M.blow() error('blown') end
return M
