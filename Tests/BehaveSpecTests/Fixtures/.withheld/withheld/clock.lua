return { now = function() return os.time() end }
