local tools = {}
function tools.step() return 1 end
return tools
