local x = 1


error('broken helper')
