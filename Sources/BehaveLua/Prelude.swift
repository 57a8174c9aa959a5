/// The Lua half of the bridge (`Lua/prelude.lua`): small functions that are
/// easier to write in Lua than through the C API. It runs once per runtime
/// in a private environment; scripts see only what it returns.
let preludeSource = EmbeddedChunks.text("Lua/prelude.lua", as: "=behave")
