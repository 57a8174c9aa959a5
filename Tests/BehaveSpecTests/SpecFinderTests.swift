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

    private func write(_ files: [String], in root: String) throws {
        for file in files {
            let path = (root as NSString).appendingPathComponent(file)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try "it(\"x\", function() end)\n".write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    func testLinksBackUpTheTreeNeitherLoopNorRunASpecTwice() throws {
        let root = try temporaryDirectory(self)
        try write(["a_spec.lua", "sub/b_spec.lua"], in: root)
        // Two links to the tree itself: every path through them is a loop.
        try FileManager.default.createSymbolicLink(atPath: root + "/x", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/y", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root + "/sub/up", withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: root + "/again_spec.lua", withDestinationPath: "a_spec.lua")
        let found = try SpecFinder.find([root, root + "/sub", root + "/a_spec.lua"]).map { String($0.dropFirst(root.count + 1)) }
        XCTAssertEqual(found, ["a_spec.lua", "sub/b_spec.lua"])
    }

    func testLinksOutOfTheTreeAreNotFollowed() throws {
        let root = try temporaryDirectory(self)
        let elsewhere = try temporaryDirectory(self)
        try write(["a_spec.lua"], in: root)
        try write(["other_spec.lua"], in: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: root + "/elsewhere", withDestinationPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: root + "/everything", withDestinationPath: "/")
        XCTAssertEqual(try SpecFinder.find([root]), [root + "/a_spec.lua"])
    }

    func testADeepTreeIsRefusedWithAReason() throws {
        let root = try temporaryDirectory(self)
        let deep = (0...SpecFinder.maximumDepth).map { _ in "d" }.joined(separator: "/")
        try write([deep + "/a_spec.lua"], in: root)
        XCTAssertThrowsError(try SpecFinder.find([root])) { error in
            XCTAssertTrue("\(error)".hasSuffix(": more than 64 directories deep; name the directories that hold specs"), "\(error)")
        }
        XCTAssertEqual(try SpecFinder.find([root + "/d/d"]).count, 1)
    }
}
