local Lint = behaviour { name = 'Lint' }
function Lint:awake() print(SECRET_5) end
return Lint
