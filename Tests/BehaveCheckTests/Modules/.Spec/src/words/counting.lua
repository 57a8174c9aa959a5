return { count = function(text) local n = 0; for _ in text:gmatch("%S+") do n = n + 1 end; return n end, unused = spy }
