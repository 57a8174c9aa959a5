@testable import BehaveCore
import XCTest

/// `FileAccess.absolutePath` names one file one way, whether the path it
/// is given is normal already (answered without splitting) or not.
final class PathNormalizingTests: XCTestCase {
    func testPathsAlreadyNormalAreKept() {
        for path in ["/", "/a", "/a/b.lua", "/a/.hidden/b", "/a/...", "/a./b..", "/x/y/z/toggle.lua"] {
            XCTAssertTrue(FileAccess.isNormal(path), path)
            XCTAssertEqual(FileAccess.absolutePath(path), path)
        }
    }

    func testDotsEmptyPartsAndATrailingSlashAreResolved() {
        let cases = ["/a/./b": "/a/b", "/a/../b": "/b", "//a": "/a", "/a//b": "/a/b", "/a/": "/a",
                     "/a/.": "/a", "/a/b/..": "/a", "/..": "/", "/.": "/", "/a/b/../../..": "/"]
        for (path, normal) in cases {
            XCTAssertFalse(FileAccess.isNormal(path), path)
            XCTAssertEqual(FileAccess.absolutePath(path), normal, path)
        }
        XCTAssertFalse(FileAccess.isNormal("a/b"))
        XCTAssertFalse(FileAccess.isNormal(""))
    }
}
