import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// A spec's scenes read modules only inside the folders a spec may read:
/// `require` through a symbolic link that leads elsewhere is refused, and
/// what the linked file holds never shows. (Fixtures/modules/reach.lua is
/// the spec; the test makes the links.)
final class ModuleAccessTests: XCTestCase {
    func testASpecsSceneCannotRequireAModuleOutsideItsFoldersThroughALink() throws {
        let outside = try temporaryDirectory(self)
        let working = FileManager.default.currentDirectoryPath
        guard working != "/", !(outside + "/").hasPrefix(working + "/") else {
            throw XCTSkip("the temporary folder is inside the working directory")
        }
        try "return { where = 'SECRET-8' }\n".write(toFile: outside + "/secret.lua", atomically: true, encoding: .utf8)

        let folder = try temporaryDirectory(self)
        let source = URL(fileURLWithPath: fixtures).appendingPathComponent("modules").path
        for file in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + file, toPath: folder + "/" + file)
        }
        try FileManager.default.createSymbolicLink(atPath: folder + "/door", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(atPath: folder + "/leak.lua", withDestinationPath: outside + "/secret.lua")

        let (text, run) = runSpecs([folder + "/reach.lua"])
        XCTAssertEqual(run.summary?.passed, 2, text)
        XCTAssertEqual(run.summary?.failed, 0, text)
        XCTAssertFalse(text.contains("SECRET"), text)
    }
}
