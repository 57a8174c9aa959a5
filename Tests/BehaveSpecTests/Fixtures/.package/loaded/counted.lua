LOADS = (LOADS or 0) + 1
return { loads = LOADS }
