local words = require "words"
local Counter = behaviour { name = "Counter" }
function Counter:awake() log(words.count("a b")) end
return Counter
