/// The Lua half of the spec runner (`Lua/prelude.lua`): the busted-style
/// API a spec file sees. It runs once per spec file's state, as the chunk
/// `=behave`, and hands the runner its `run` function through `H.ready`.
let specPreludeSource = EmbeddedFiles.lua("Lua/prelude.lua")
