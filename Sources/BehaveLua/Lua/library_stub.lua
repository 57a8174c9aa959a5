-- The global a script sees for a library shipped with the runtime: it asks
-- the host for the module's compiled chunk on the first call, runs it (with
-- the host's `closable`), and from then on calls what it returned. A tail
-- call, so errors the module raises at level 2 name the script's line.

local compile, closable = ...
local module
return function(...)
  module = module or compile()(closable)
  return module(...)
end
