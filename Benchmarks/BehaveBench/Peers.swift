import CBaseline
import Foundation

/// The peers, named exactly: which program, on which interpreter, which
/// version. A figure is only as honest as the name of what it is beside.
enum Peers {
    /// The raw C API baseline: this process, linked to the system's liblua5.4.
    static let rawCAPI = "raw Lua C API, \(String(cString: baseline_lua_release())) (liblua5.4)"

    /// `Lua 5.4.4` from `lua5.4 -v` (nil when lua5.4 is missing).
    static func version(ofInterpreter path: String) -> String? {
        guard let output = commandOutput([path, "-v"]) else { return nil }
        // `-v` prints the word Lua and the release first, then the notice.
        let words = output.split(separator: " ")
        guard words.count >= 2, words[0] == "Lua" else { return nil }
        return "Lua \(words[1])"
    }

    static let lua54: (path: String, name: String)? = which("lua5.4").map { path in
        (path, "stock lua5.4, \(version(ofInterpreter: path) ?? "version unknown")")
    }

    /// A way to run busted: the command before its arguments, and its name.
    struct Busted {
        var command: [String]
        var name: String
    }

    /// busted as the system runs it (its `#!` line's interpreter), and on
    /// lua5.4 when the system's is another: Debian's `busted` starts with
    /// `#!/usr/bin/env lua`, and `lua` is lua5.1 unless set otherwise, on
    /// which busted runs about four times faster than on lua5.4.
    static let busted: [Busted] = {
        guard let path = which("busted") else { return [] }
        let bustedVersion = commandOutput([path, "--version"])?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
        var runs: [Busted] = []
        let system = interpreter(ofScript: path)
        let systemVersion = system.flatMap { version(ofInterpreter: $0) }
        runs.append(Busted(command: [path], name: "busted \(bustedVersion) as the system runs it: "
                                                    + "\(system.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "?"), "
                                                    + "\(systemVersion ?? "version unknown")"))
        if let lua54, systemVersion != version(ofInterpreter: lua54.path) {
            runs.append(Busted(command: [lua54.path, path], name: "busted \(bustedVersion) on lua5.4: `lua5.4 \(path)`, "
                                                                  + "\(version(ofInterpreter: lua54.path) ?? "?")"))
        }
        return runs
    }()

    /// The interpreter a script's `#!` line runs it with, resolved
    /// (`/usr/bin/env lua` → `/usr/bin/lua5.1` when lua is lua5.1).
    static func interpreter(ofScript path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 256), as: UTF8.self)
        guard head.hasPrefix("#!"), let line = head.dropFirst(2).split(separator: "\n").first else { return nil }
        let words = line.split(separator: " ").map(String.init)
        guard let first = words.first else { return nil }
        let program = (URL(fileURLWithPath: first).lastPathComponent == "env" ? words.dropFirst().first : first)
        guard let program, let found = program.hasPrefix("/") ? program : which(program) else { return nil }
        return URL(fileURLWithPath: found).resolvingSymlinksInPath().path
    }
}
