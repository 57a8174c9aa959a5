return { one = 1 }
