return { count = function(text) return #text, unused end }
