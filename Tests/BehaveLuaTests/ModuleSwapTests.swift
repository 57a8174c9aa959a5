import BehaveCore
import BehaveLua
import Foundation
import XCTest

/// A module is checked, then read: a symbolic link swapped in between
/// must not lead `require` to a file outside the script's folder.
final class ModuleSwapTests: XCTestCase {
    func testAModuleSwappedForALinkWhileRequiredNeverLoadsTheFileOutside() throws {
        let folder = try folder(), outside = try self.folder()
        try "error('LEAKED: the file outside was read')\n".write(toFile: outside + "/secret.lua", atomically: true, encoding: .utf8)
        try "return { sides = 6 }\n".write(toFile: folder + "/keep.txt", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: folder + "/keep.txt", toPath: folder + "/dice.lua")

        // Swaps `dice.lua` between the file and a link to the secret, each
        // swap one atomic rename, until told to stop.
        let stop = SwapFlag(false)
        let swapper = Thread {
            while !stop.value {
                symlink(outside + "/secret.lua", folder + "/link.tmp")
                rename(folder + "/link.tmp", folder + "/dice.lua")
                link(folder + "/keep.txt", folder + "/file.tmp")
                rename(folder + "/file.tmp", folder + "/dice.lua")
            }
        }
        swapper.start()
        defer { stop.value = true }

        var loaded = 0, refused = 0
        let deadline = Date().addingTimeInterval(1)
        var serial = 0
        while Date() < deadline {
            serial += 1
            // A fresh source each time, so that no cache skips the require.
            let script = LuaScript(path: folder + "/user.lua", source: """
                local dice = require "dice" -- \(serial)
                local User = behaviour { name = "User" }
                return User
                """)
            do {
                _ = try script.declaration()
                loaded += 1
            } catch {
                XCTAssertFalse(error.message.contains("LEAKED"), error.message)
                if error.message.contains("LEAKED") { break }
                refused += 1
            }
        }
        XCTAssertGreaterThan(loaded + refused, 0)
    }

    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("behave-swap-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}

/// A flag two threads share.
private final class SwapFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag: Bool
    init(_ flag: Bool) { self.flag = flag }
    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}
