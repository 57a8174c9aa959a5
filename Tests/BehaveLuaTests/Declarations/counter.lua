local counter = { count = 0 }

function counter.next()
  counter.count = counter.count + 1
  return counter.count
end

return counter
