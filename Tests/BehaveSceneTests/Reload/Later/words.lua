-- The module needs_words.lua waits for.
return { greeting = "hello from words" }
