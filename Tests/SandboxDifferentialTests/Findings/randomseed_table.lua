return math.randomseed({})
