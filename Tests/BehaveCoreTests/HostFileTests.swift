import Foundation
import XCTest
@testable import BehaveCore

/// Host files read on behalf of untrusted input: which paths, how much of
/// a file, and how much work a photo folder may cause.
final class HostFileTests: XCTestCase {
    // MARK: Which paths

    func testARestrictedAccessReadsOnlyInsideItsFoldersLinksAndDotsResolved() throws {
        let inside = try temporaryFolder(["scene.yaml": Array("screen: S\n".utf8)])
        let outside = try temporaryFolder(["secret.yaml": Array("token: hunter2\n".utf8)])
        try FileManager.default.createSymbolicLink(atPath: inside + "/link.yaml", withDestinationPath: outside + "/secret.yaml")
        try FileManager.default.createSymbolicLink(atPath: inside + "/door", withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: inside + "/sub", withIntermediateDirectories: false)
        let access = FileAccess(folders: [inside], description: "the test's folder")

        XCTAssertEqual(try access.check(inside + "/scene.yaml"), FileAccess.realPath(inside + "/scene.yaml"))
        XCTAssertEqual(try access.check(inside + "/sub/../scene.yaml", shown: "x"), FileAccess.realPath(inside + "/scene.yaml"))
        XCTAssertNil(try access.check(inside + "/missing.yaml"))
        func refusal(_ path: String) -> String? {
            do {
                _ = try access.check(path, shown: "NAME")
                return nil
            } catch {
                return error.message
            }
        }
        XCTAssertEqual(refusal(outside + "/secret.yaml"), "NAME: outside the folders a spec may read (the test's folder)")
        XCTAssertEqual(refusal(inside + "/../" + (outside as NSString).lastPathComponent + "/secret.yaml"),
                       "NAME: outside the folders a spec may read (the test's folder)")
        XCTAssertEqual(refusal("/etc/passwd"), "NAME: outside the folders a spec may read (the test's folder)")
        // Whether a file outside exists is not told either.
        XCTAssertEqual(refusal("/no/such/file"), refusal("/etc/passwd"))
        XCTAssertEqual(refusal(inside + "/link.yaml"),
                       "NAME: a symbolic link leads outside the folders a spec may read (the test's folder)")
        XCTAssertEqual(refusal(inside + "/door/secret.yaml"),
                       "NAME: a symbolic link leads outside the folders a spec may read (the test's folder)")
        // The command line's access reads what it is given.
        XCTAssertEqual(try FileAccess.unrestricted.check(outside + "/secret.yaml"), outside + "/secret.yaml")
    }

    // MARK: How much of a file

    func testOnlyRegularFilesAreReadAndNeverMoreThanTheBound() throws {
        let folder = try temporaryFolder(["small": [1, 2, 3], "large": [UInt8](repeating: 7, count: 5000)])
        XCTAssertEqual(try HostFile.contents(of: folder + "/small", maximumBytes: 10), [1, 2, 3])
        XCTAssertThrowsError(try HostFile.contents(of: folder + "/large", maximumBytes: 4096)) { error in
            XCTAssertEqual((error as? ValueError)?.message, "the file is too large (5000 bytes; at most 4096)")
        }
        XCTAssertEqual(mkfifo(folder + "/pipe", 0o600), 0)
        XCTAssertThrowsError(try HostFile.contents(of: folder + "/pipe", maximumBytes: 10)) { error in
            XCTAssertEqual((error as? ValueError)?.message, "not a regular file")
        }
        XCTAssertThrowsError(try HostFile.contents(of: "/dev/zero", maximumBytes: 10)) { error in
            XCTAssertEqual((error as? ValueError)?.message, "not a regular file")
        }
        XCTAssertThrowsError(try HostFile.contents(of: folder, maximumBytes: 10)) { error in
            XCTAssertEqual((error as? ValueError)?.message, "a folder, not a file")
        }
    }

    func testAFolderIsListedUpToItsBound() throws {
        var files: [String: [UInt8]] = [:]
        for i in 0..<30 { files["f\(i)"] = [] }
        let folder = try temporaryFolder(files)
        let all = try XCTUnwrap(FolderListing.read(folder, limit: 30))
        XCTAssertFalse(all.isTruncated)
        XCTAssertEqual(all.entries.count, 30)
        XCTAssertEqual(all.entries.first?.name, "f0")
        let some = try XCTUnwrap(FolderListing.read(folder, limit: 10))
        XCTAssertTrue(some.isTruncated)
        XCTAssertEqual(some.entries.count, 10)
        XCTAssertNil(FolderListing.read(folder + "/f0", limit: 10))
    }

    // MARK: Photo headers

    /// A JPEG whose frame header follows `metadata` bytes of APP1 segments.
    func jpegAfter(metadata: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        var left = metadata
        while left > 0 {
            let size = min(left, 0xFFFF + 2)
            bytes += [0xFF, 0xE1, UInt8((size - 2) >> 8), UInt8((size - 2) & 0xFF)] + [UInt8](repeating: 0x41, count: size - 4)
            left -= size
        }
        return bytes + Array(jpeg(width: 640, height: 480).dropFirst(2))
    }

    func testAHeaderIsReadFromABoundedPrefixOnly() throws {
        // Metadata within the first MiB: read.
        let near = try temporaryFile(jpegAfter(metadata: 600 << 10))
        var budget = 100 << 20
        XCTAssertEqual(try ImageHeader.read(file: near, budget: &budget).width, 640)
        XCTAssertLessThanOrEqual(100 << 20 - budget, ImageHeader.maximumRead)
        // A frame header past the first MiB is never reached, and no more
        // than a MiB is read to find that out.
        let far = try temporaryFile(jpegAfter(metadata: 3 << 20))
        budget = 100 << 20
        XCTAssertThrowsError(try ImageHeader.read(file: far, budget: &budget)) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "no image size in the first 1 MiB of the file (a header may take at most that)")
        }
        XCTAssertEqual(100 << 20 - budget, ImageHeader.maximumRead)
    }

    func testAPhotoFolderCostsBoundedWork() throws {
        // Headers that use up the bytes a library may read: one clear
        // error, and no file read past the budget.
        var files: [String: [UInt8]] = [:]
        for i in 0..<8 { files[String(format: "p%02d.jpg", i)] = jpegAfter(metadata: 2 << 20) }
        let folder = try temporaryFolder(files)
        XCTAssertThrowsError(try PhotoLibrary.load(folder: folder, relativeTo: nil, access: .unrestricted,
                                                   maximumBytes: 3 << 20)) { error in
            let problems = (error as? PhotoLibrary.Failure)?.problems ?? []
            XCTAssertEqual(problems.count, 3, "\(problems)")
            XCTAssertEqual(problems.first, "\(folder)/p00.jpg: no image size in the first 1 MiB of the file (a header may take at most that)")
            XCTAssertEqual(problems.last, "\(folder): the photos' headers take more than 3 MiB in all; a library may read at most that (1 MiB a photo)")
        }
        // A folder of too many entries is refused before any is read.
        var many: [String: [UInt8]] = [:]
        for i in 0...PhotoLibrary.maximumEntries { many[".hidden\(i)"] = [] }
        let crowded = try temporaryFolder(many)
        XCTAssertThrowsError(try PhotoLibrary.load(folder: crowded)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems,
                           ["\(crowded): more than 4000 entries; a photo library holds at most 1000 photos"])
        }
    }

    func testBadFilesAreListedUpToABound() throws {
        var files: [String: [UInt8]] = [:]
        for i in 0..<50 { files[String(format: "n%02d.txt", i)] = Array("secret \(i)".utf8) }
        let folder = try temporaryFolder(files)
        XCTAssertThrowsError(try PhotoLibrary.load(folder: folder)) { error in
            let problems = (error as? PhotoLibrary.Failure)?.problems ?? []
            XCTAssertEqual(problems.count, 21)
            XCTAssertEqual(problems.first, "\(folder)/n00.txt: not a PNG or JPEG image (it looks like text)")
            XCTAssertEqual(problems.last, "\(folder): 30 more problems")
            XCTAssertFalse(problems.joined().contains("secret"))
        }
    }

    func testALibraryUnderARestrictedAccessRefusesLinksLeadingOut() throws {
        let outside = try temporaryFolder(["secret.txt": Array("hunter2".utf8)])
        let folder = try temporaryFolder(["ok.png": png(width: 3, height: 3)])
        try FileManager.default.createSymbolicLink(atPath: folder + "/leak.png", withDestinationPath: outside + "/secret.txt")
        let access = FileAccess(folders: [folder], description: "the test's folder")
        XCTAssertThrowsError(try PhotoLibrary.load(folder: folder, access: access)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems,
                           ["\(folder)/leak.png: a symbolic link leads outside the folders a spec may read (the test's folder)"])
        }
        XCTAssertThrowsError(try PhotoLibrary.load(folder: outside, access: access)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems,
                           ["\(outside): outside the folders a spec may read (the test's folder)"])
        }
    }
}
