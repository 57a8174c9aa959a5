/// The parts of the spec prelude compiled on first use (see `SpecPrelude`),
/// each a Lua file beside the prelude. Each is a chunk `=behave` called
/// with the prelude's private table `P`; it returns what the prelude asks
/// it for.
let specPreludeParts: [String: [UInt8]] = [
    // Values as messages show them: strings quoted, floats exact enough to tell apart.
    "format": EmbeddedFiles.lua("Lua/format.lua"),
    // The assertions fewer specs use, added to the `assert` table.
    "assert": EmbeddedFiles.lua("Lua/assert.lua"),
    // `spy.new`, `spy.on`, `stub` and `assert.spy(s)`.
    "spy": EmbeddedFiles.lua("Lua/spy.lua"),
    // `scene.script`, `scene.load`, `scene.new`, and the scene objects.
    "scene": EmbeddedFiles.lua("Lua/scene.lua"),
]
