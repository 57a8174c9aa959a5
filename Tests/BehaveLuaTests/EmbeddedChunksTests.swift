import BehaveCore
@testable import BehaveLua
import CLuaShim
import XCTest

/// The runtime's own Lua is compiled when the binary is built; a dump put
/// in the chunk cache is what loads for its text under its name, named as
/// the text would be; a dump the running Lua cannot load is passed over.
final class EmbeddedChunksTests: XCTestCase {
    /// Lua's dump of `source`, compiled under `compiledAs`, with its lines.
    private func dump(_ source: String, compiledAs name: String = "=embedded") throws -> [UInt8] {
        try dump(Array(source.utf8), compiledAs: name)
    }

    private func dump(_ bytes: [UInt8], compiledAs name: String = "=embedded") throws -> [UInt8] {
        let L = try XCTUnwrap(luaL_newstate())
        defer { lua_close(L) }
        XCTAssertEqual(luaL_loadbufferx(L, bytes, bytes.count, name, "t"), LUA_OK)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        XCTAssertEqual(lua_dump(L, { _, chunk, size, sink in
            let sink = Unmanaged<Sink>.fromOpaque(sink!).takeUnretainedValue()
            sink.bytes += UnsafeRawBufferPointer(start: chunk, count: size)
            return 0
        }, Unmanaged.passUnretained(sink).toOpaque(), 0), 0)
        return sink.bytes
    }

    private func run(_ source: String, as chunkName: String) throws -> [Value] {
        let scene = Scene(screen: "Test")
        let runtime = try LuaRuntime(scene: scene, limits: .testing)
        let chunk = try runtime.load(source, chunkName: chunkName, environment: runtime.newEnvironment())
        return try runtime.call(chunk)
    }

    /// Each embedded file is its file's bytes, every byte value kept (the
    /// runtime's Lua holds UTF-8 beyond ASCII; its dumps, any byte).
    func testEveryEmbeddedFileIsItsFileByteForByte() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        XCTAssertFalse(EmbeddedFiles.names.isEmpty)
        var beyondASCII = 0
        for name in EmbeddedFiles.names {
            let folder = name.hasPrefix("Scripts/") ? checkout : checkout.appendingPathComponent("Sources/BehaveLua")
            let file = try Data(contentsOf: folder.appendingPathComponent(name))
            XCTAssertEqual(EmbeddedFiles.bytes(name), [UInt8](file), name)
            if file.contains(where: { $0 >= 0x80 }) { beyondASCII += 1 }
        }
        XCTAssertGreaterThan(beyondASCII, 0, "no file tells bytes from 0x80 on")
        // A dump holds every byte value; the bundled scripts' test below
        // compares each with Lua's own.
        let dumped = EmbeddedFiles.names.compactMap(EmbeddedFiles.compiled).reduce(into: Set<UInt8>()) { $0.formUnion($1) }
        XCTAssertGreaterThan(dumped.count, 200)
    }

    func testEveryEmbeddedLuaFileIsCompiledIntoTheBinary() {
        let lua = EmbeddedFiles.names.filter { $0.hasSuffix(".lua") }
        XCTAssertFalse(lua.isEmpty)
        for name in lua {
            let compiled = EmbeddedFiles.compiled(name)
            XCTAssertEqual(compiled.map { Array($0.prefix(4)) }, Array("\u{1b}Lua".utf8), name)
        }
    }

    /// The plugin compiles a bundled script as the runtime does, its text
    /// after `LuaScript.chunkPrefix`: the same dump, byte for byte.
    func testABundledScriptIsCompiledAsTheRuntimeCompilesIt() throws {
        XCTAssertFalse(BundledScripts.names.isEmpty)
        for name in BundledScripts.names {
            let path = "Scripts/" + name
            let source = try XCTUnwrap(EmbeddedFiles.bytes(path))
            XCTAssertEqual(EmbeddedFiles.compiled(path), try dump(LuaScript.chunkPrefix + source), path)
        }
    }

    /// A bundled script's chunk is cached for the bundled text only: other
    /// text under its name compiles as it is.
    func testOtherTextUnderABundledScriptsNameRunsItself() throws {
        let name = "Scripts/toggle.lua"
        EmbeddedChunks.seedBundled(name: name)
        XCTAssertEqual(try run("return 'mine'", as: "@" + name), [.string("mine")])
        let text = LuaScript.chunkPrefix + Array("return 'mine, after the prefix'".utf8)
        XCTAssertEqual(try run(String(decoding: text, as: UTF8.self), as: "@" + name), [.string("mine, after the prefix")])
    }

    func testASeededDumpIsWhatLoadsForItsTextUnderItsName() throws {
        // The dump of another text, so that what runs tells which was loaded.
        let text = "return 'from the text'"
        let seeded = try dump("return 'from the dump'")
        XCTAssertEqual(bh_seed_chunk("=seeded_here", text, text.utf8.count, seeded, seeded.count), 1)
        XCTAssertEqual(try run(text, as: "=seeded_here"), [.string("from the dump")])
        // The same text under another name, and another text under the name, compile.
        XCTAssertEqual(try run(text, as: "=seeded_elsewhere"), [.string("from the text")])
        XCTAssertEqual(try run(text + " ", as: "=seeded_here"), [.string("from the text")])
    }

    func testALoadedDumpIsNamedAsTheTextWouldBe() throws {
        let text = "local t = nil\n\nreturn t.x"
        let seeded = try dump(text, compiledAs: "=a name the build gave it, longer than the new one")
        XCTAssertEqual(bh_seed_chunk("@renamed.lua", text, text.utf8.count, seeded, seeded.count), 1)
        XCTAssertThrowsError(try run(text, as: "@renamed.lua")) { error in
            XCTAssertTrue("\(error)".contains("renamed.lua:3: attempt to index a nil value (local 't')"), "\(error)")
        }
    }

    func testADumpTheRunningLuaCannotLoadIsPassedOver() throws {
        let text = "return 'compiled from its text'"
        var broken = try dump("return 'never'")
        broken.replaceSubrange(40..., with: [UInt8](repeating: 0xff, count: 20))
        XCTAssertEqual(bh_seed_chunk("=broken_dump", text, text.utf8.count, broken, broken.count), 1)
        XCTAssertEqual(try run(text, as: "=broken_dump"), [.string("compiled from its text")])
        // Not a dump at all, or cut short in its header: not taken.
        XCTAssertEqual(bh_seed_chunk("=not_a_dump", text, text.utf8.count, Array(text.utf8), text.utf8.count), 0)
        XCTAssertEqual(bh_seed_chunk("=cut_short", text, text.utf8.count, Array(broken.prefix(20)), 20), 0)
    }
}
