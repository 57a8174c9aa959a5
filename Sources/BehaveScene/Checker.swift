import BehaveCore
import BehaveLua
import BehaveSyntax
import Foundation

/// `behave check`: scene files and scripts checked without running them.
public enum Checker {
    public static let sceneExtensions = ["yaml", "yml", "json"]

    /// Whether `file` names a scene file (by its extension).
    public static func isScene(_ file: String) -> Bool {
        sceneExtensions.contains((file as NSString).pathExtension.lowercased())
    }

    /// Whether `file` is a GtkBuilder `.ui` file: a scene's drawing, which
    /// is no scene and no script, though a newcomer may give it as one.
    /// Read from the name's last bytes, not `NSString.pathExtension`: a
    /// start asks it of every script it runs, and the bridge cost 20 K
    /// instructions there.
    public static func isDrawing(_ file: String) -> Bool {
        let end = Array(file.utf8.suffix(4))
        guard end.count >= 3 else { return false }
        let n = end.count
        // `u` and `i` in either case: ASCII's lower case sets bit 5.
        guard end[n - 3] == UInt8(ascii: "."), end[n - 2] | 0x20 == UInt8(ascii: "u"),
              end[n - 1] | 0x20 == UInt8(ascii: "i") else { return false }
        // `.ui` alone, or after a `/`, is a hidden file's whole name.
        return end.count == 4 && end[0] != UInt8(ascii: "/")
    }

    /// Why `file` is neither a scene nor a script, with what to give
    /// instead: a `.ui` file is checked and run through the scene that
    /// names it.
    public static func neitherSceneNorScript(_ file: String) -> String {
        guard isDrawing(file) else { return "not a scene (.yaml, .yml, .json) or a script (.lua)" }
        let name = (file as NSString).lastPathComponent
        return "a GtkBuilder file, not a scene or a script: give the scene file that names it (`ui: \(name)`), whose controls are checked against it"
    }

    /// The mistakes in a scene file or a script; none when it is valid.
    public static func check(_ file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        inspect(file, limits: limits).filter { !$0.isWarning }
    }

    /// The mistakes, then the warnings (`isWarning`: outlets a scene leaves
    /// unconnected); the file is valid when every one is a warning.
    public static func inspect(_ file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        if isScene(file) { return SceneLoader.inspect(file: file, limits: limits) }
        guard (file as NSString).pathExtension.lowercased() == "lua" else {
            return [SceneDiagnostic(file: file, line: nil, message: neitherSceneNorScript(file))]
        }
        guard let path = LuaScript.locate(file) else {
            return [SceneDiagnostic(file: file, line: nil, message: LuaScript.notFound(file))]
        }
        do throws(LuaError) {
            // Its top level runs (syntax, declaration, default types); no handler.
            _ = try LuaScript(contentsOf: path).declaration(limits: limits)
            return []
        } catch {
            return [diagnostic(error, file: file)]
        }
    }

    /// A spec file's or a module's compile error, if it has one: no
    /// behaviour's top level runs them, but what Lua refuses to compile
    /// past the grammar the linter reads (a `break` outside a loop, a
    /// `goto` without its label, an assignment to a `<const>`) is a mistake
    /// all the same, which `behave test` or a `require` would meet.
    public static func compile(_ file: String, limits: SandboxLimits = .default) -> [SceneDiagnostic] {
        guard let path = LuaScript.locate(file) else {
            return [SceneDiagnostic(file: file, line: nil, message: LuaScript.notFound(file))]
        }
        do throws(LuaError) {
            let script = try LuaScript(contentsOf: path)
            let runtime = try LuaRuntime(scene: Scene(screen: "check"), limits: limits)
            defer { runtime.close() }
            runtime.release(try runtime.load(script.source, chunkName: "@" + script.displayName))
            return []
        } catch {
            return [diagnostic(error, file: file)]
        }
    }

    /// A script's error, at its own position when it has one.
    static func diagnostic(_ error: ScriptError, file: String) -> SceneDiagnostic {
        // One line: a traceback says nothing more about a top level, and
        // of a syntax error, `check` prints the parser's reading itself
        // (the linter's) and takes Lua's message from here.
        let message = String(error.explanation.prefix { $0 != "\n" })
        guard let errorFile = error.file, let line = error.line else {
            // Lua's "C stack overflow" comes named by its chunk already.
            let named = message.hasPrefix(LuaScript.display(file) + ": ")
            return SceneDiagnostic(file: named ? "" : file, line: nil, message: message)
        }
        return SceneDiagnostic(file: errorFile, line: line, message: message)
    }
}
