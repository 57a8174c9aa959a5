import Foundation
import XCTest

/// busted as the busted-shaped tests run it: Debian's `lua-busted` started
/// on `lua5.4`, which `.ci/install` installs. A machine without it fails
/// the test that asks rather than skipping it.
func bustedOnLua54() throws -> (lua: URL, script: String) {
    let lua = URL(fileURLWithPath: "/usr/bin/lua5.4")
    let script = ["/usr/bin/busted", "/usr/local/bin/busted"].first { FileManager.default.isExecutableFile(atPath: $0) }
    guard FileManager.default.isExecutableFile(atPath: lua.path), let script else {
        XCTFail("busted is not installed: run .ci/install (Debian's lua-busted and lua5.4)")
        throw XCTSkip("busted is not installed")
    }
    return (lua, script)
}

/// The names of the specs that passed, from a TAP report (`ok N - name`,
/// pending ones left out); with `droppingFilePrefix`, the `file.lua: `
/// that `behave test` puts before each name is taken off.
func passedSpecs(inTAP tap: String, droppingFilePrefix: Bool) -> Set<String> {
    var names = Set<String>()
    for line in tap.split(separator: "\n") where line.hasPrefix("ok ") && !line.contains("# SKIP") {
        guard let dash = line.range(of: " - ") else { continue }
        var name = String(line[dash.upperBound...])
        if droppingFilePrefix, let colon = name.range(of: ".lua: ") { name = String(name[colon.upperBound...]) }
        names.insert(name)
    }
    return names
}
