/// The parts of the spec prelude compiled on first use (see `SpecPrelude`),
/// each a Lua file beside the prelude. Each is a chunk `=behave` called
/// with the prelude's private table `P`; it returns what the prelude asks
/// it for.
let specPreludeParts: [String: [UInt8]] = [
    // Values as messages show them: strings quoted, floats exact enough to tell apart.
    "format": EmbeddedFiles.lua("Lua/format.lua"),
    // The assertion engine behind `assert.x`: luassert's registry, chains,
    // formatters and snapshots.
    "luassert": EmbeddedFiles.lua("Lua/luassert.lua"),
    // Behave's assertions, under luassert's names.
    "assertions": EmbeddedFiles.lua("Lua/assertions.lua"),
    // `spy`, `stub`, `mock` and the assertions about spies.
    "spy": EmbeddedFiles.lua("Lua/spy.lua"),
    // `match`: luassert's matchers.
    "match": EmbeddedFiles.lua("Lua/match.lua"),
    // `require 'say'`: messages by key.
    "say": EmbeddedFiles.lua("Lua/say.lua"),
    // `scene.script`, `scene.load`, `scene.new`, and the scene objects.
    "scene": EmbeddedFiles.lua("Lua/scene.lua"),
]
