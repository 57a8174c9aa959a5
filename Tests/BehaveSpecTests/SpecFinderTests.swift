import BehaveSpec
import Foundation
import XCTest

final class SpecFinderTests: XCTestCase {
    func testFindsSpecFilesRecursivelySkippingBuildAndHiddenDirectories() throws {
        let root = try temporaryDirectory(self)
        for file in ["a_spec.lua", "notes.lua", "sub/b_spec.lua", "sub/deeper/c_spec.lua", ".build/x_spec.lua",
                     ".build-release/y_spec.lua", ".git/z_spec.lua"] {
            let path = (root as NSString).appendingPathComponent(file)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try "it(\"x\", function() end)\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
        let found = try SpecFinder.find([root]).map { String($0.dropFirst(root.count + 1)) }
        XCTAssertEqual(found, ["a_spec.lua", "sub/b_spec.lua", "sub/deeper/c_spec.lua"])
    }

    func testAFileGivenByNameRunsWhateverItIsCalled() throws {
        XCTAssertEqual(try SpecFinder.find([fixture("passing.lua")]), [fixture("passing.lua")])
    }

    func testAMissingPathIsAnError() {
        XCTAssertThrowsError(try SpecFinder.find(["/no/such/place"]))
    }
}
