-- A module the luassert fixture requires: a table its specs change.
local counter = { value = 0 }

function counter.increment()
  counter.value = counter.value + 1
  return counter.value
end

return counter
