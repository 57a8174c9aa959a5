local unused = 1
return {}
