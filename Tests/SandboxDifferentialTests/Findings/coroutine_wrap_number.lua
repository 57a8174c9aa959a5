-- coroutine.wrap's argument error names the function as called and the line.
local wrap = coroutine.wrap
return wrap(1)
