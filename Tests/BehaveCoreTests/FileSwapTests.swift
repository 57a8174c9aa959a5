import Foundation
import XCTest
@testable import BehaveCore

/// A path is checked, then read: between the two, a part of it can be
/// swapped for a symbolic link that leads outside the folders. What is
/// read is the file that was opened, never the one a swapped link reaches.
final class FileSwapTests: XCTestCase {
    private let refusal = "a symbolic link leads outside the folders a spec may read (the test's folder)"

    func testAFileSwappedForALinkAfterTheCheckIsNotRead() throws {
        let inside = try temporaryFolder(["module.lua": Array("return 1\n".utf8)])
        let outside = try temporaryFolder(["secret.lua": Array("return 'hunter2'\n".utf8)])
        let access = FileAccess(folders: [inside], description: "the test's folder")
        let checked = try XCTUnwrap(try access.check(inside + "/module.lua"))
        XCTAssertEqual(try access.contents(of: checked, maximumBytes: 100), Array("return 1\n".utf8))

        try FileManager.default.removeItem(atPath: inside + "/module.lua")
        try FileManager.default.createSymbolicLink(atPath: inside + "/module.lua", withDestinationPath: outside + "/secret.lua")
        XCTAssertThrowsError(try access.contents(of: checked, maximumBytes: 100)) { XCTAssertEqual(($0 as? ValueError)?.message, refusal) }
        XCTAssertThrowsError(try access.reader(checked)) { XCTAssertEqual(($0 as? ValueError)?.message, refusal) }
    }

    func testAFolderSwappedForALinkAfterTheCheckIsNotRead() throws {
        let inside = try temporaryFolder([:])
        try FileManager.default.createDirectory(atPath: inside + "/lib", withIntermediateDirectories: false)
        try Data("return 1\n".utf8).write(to: URL(fileURLWithPath: inside + "/lib/module.lua"))
        let outside = try temporaryFolder(["module.lua": Array("return 'hunter2'\n".utf8)])
        let access = FileAccess(folders: [inside], description: "the test's folder")
        let checked = try XCTUnwrap(try access.check(inside + "/lib/module.lua"))

        // The last part is a file still: only the folder on the way leads out.
        try FileManager.default.moveItem(atPath: inside + "/lib", toPath: inside + "/old")
        try FileManager.default.createSymbolicLink(atPath: inside + "/lib", withDestinationPath: outside)
        XCTAssertThrowsError(try access.contents(of: checked, maximumBytes: 100)) { XCTAssertEqual(($0 as? ValueError)?.message, refusal) }
        XCTAssertThrowsError(try access.reader(checked)) { XCTAssertEqual(($0 as? ValueError)?.message, refusal) }

        // A file swapped for another inside the folders is read: it is inside.
        try FileManager.default.removeItem(atPath: inside + "/lib")
        try FileManager.default.moveItem(atPath: inside + "/old", toPath: inside + "/lib")
        XCTAssertEqual(try access.contents(of: checked, maximumBytes: 100), Array("return 1\n".utf8))
        // The command line's access reads what the link leads to, as before.
        try FileManager.default.createSymbolicLink(atPath: inside + "/out.lua", withDestinationPath: outside + "/module.lua")
        XCTAssertEqual(try FileAccess.unrestricted.contents(of: inside + "/out.lua", maximumBytes: 100),
                       Array("return 'hunter2'\n".utf8))
    }
}
