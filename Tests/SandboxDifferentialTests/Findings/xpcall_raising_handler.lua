-- A message handler that raises: xpcall returns "error in error handling".
return xpcall(error, function() error("again") end, "first")
