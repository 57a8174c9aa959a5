import BehaveLua
import BehaveSpec
import Foundation
import XCTest

/// A spec is untrusted code: what it can make the host read is limited to
/// the spec's folder, the working directory and the bundled Scripts/, and
/// what a loader says of a file names the file and the problem, never its
/// contents.
final class SpecFileAccessTests: XCTestCase {
    /// A folder outside the spec's and the working directory, with files
    /// whose contents must never reach a spec.
    private func secrets() throws -> String {
        let folder = try temporaryDirectory(self)
        let working = FileManager.default.currentDirectoryPath
        guard working != "/", !(folder + "/").hasPrefix(working + "/") else {
            throw XCTSkip("the temporary folder is inside the working directory")
        }
        for (name, text) in [("secret.yaml", "token: \"SECRET-1\n  : [\n"), ("passwd", "SECRET-2:x:0:0:root:/root\n"),
                             ("notes.txt", "SECRET-3\n"), ("secret.lua", "return 'SECRET-4' SECRET-4\n")] {
            try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// The text of Fixtures/.file_access/`name`, a spec (hidden: it runs
    /// only from the folder a test makes).
    private func spec(_ name: String) throws -> String {
        try String(contentsOfFile: fixture(".file_access/" + name), encoding: .utf8)
    }

    /// Runs `body` (Lua) as specs, each `it` raising what it found.
    private func run(_ body: String, in folder: String) throws -> CollectingReporter {
        let path = folder + "/access_spec.lua"
        try body.write(toFile: path, atomically: true, encoding: .utf8)
        return runSpecs([path]).results
    }

    func testAHostFileOutsideTheFoldersIsRefusedAndItsContentsNeverShown() throws {
        let outside = try secrets()
        let folder = try temporaryDirectory(self)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.yaml", withDestinationPath: outside + "/secret.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder + "/door", withDestinationPath: outside)
        try "token: SECRET-5\n".write(toFile: folder + "/config.yaml", atomically: true, encoding: .utf8)
        try "SECRET-6\n".write(toFile: folder + "/plain.yaml", atomically: true, encoding: .utf8)
        try "SECRET-7\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let up = "../" + (outside as NSString).lastPathComponent
        // The spec's OUTSIDE and UP: the folder outside, absolute and from the spec's folder.
        let source = try spec("refused.lua").replacingOccurrences(of: "OUTSIDE", with: outside).replacingOccurrences(of: "UP", with: up)
        let run = try run(source, in: folder)
        let outsideMessage = "outside the folders a spec may read (the spec's folder, the working directory and the bundled Scripts/)"
        let expected: [(String, String)] = [
            ("absolute", outsideMessage), ("dots", outsideMessage),
            ("link", "a symbolic link leads outside the folders a spec may read"),
            ("linked folder", "a symbolic link leads outside the folders a spec may read"),
            ("not yaml", "not a scene file: a spec may load only scene files (.yaml, .yml or .json)"),
            ("not a scene", "config.yaml: not a scene file: its top level has none of the keys screen, controls, behaviours, connections, platform"),
            ("one value", "plain.yaml: not a scene file"),
            ("text", "notes.txt: not a scene file"),
            ("script", outsideMessage),
            ("script not lua", "notes.txt: a spec may load only Lua scripts (files ending in .lua)"),
            ("scene script", "behaviour `b`: \(up)/secret.lua: \(outsideMessage)"),
            ("photo folder", "photoLibrary: \(outside): \(outsideMessage)"),
            ("photo folder link", "photoLibrary: door: a symbolic link leads outside"),
            ("images folder", "images: \(outside): \(outsideMessage)"),
            ("images folder link", "images: door: a symbolic link leads outside"),
            ("script images", "images: \(up): \(outsideMessage)"),
            ("camera image", "camera `image`: \(outside)/notes.txt: \(outsideMessage)"),
        ]
        XCTAssertEqual(run.results.count, expected.count)
        for (name, message) in expected {
            let result = try run.result(name)
            XCTAssertEqual(result.status, .errored, name)
            XCTAssertTrue(result.message.contains(message), "\(name): \(result.message)")
            XCTAssertFalse(result.message.contains("SECRET"), "\(name): \(result.message)")
        }
    }

    func testWhatASpecMayReadStillLoads() throws {
        let folder = try temporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: folder + "/scenes", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture(".file_access/toggle.scene.yaml"), toPath: folder + "/scenes/toggle.scene.yaml")
        try FileManager.default.createDirectory(atPath: folder + "/icons", withIntermediateDirectories: true)
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        try FileManager.default.copyItem(atPath: repository + "/Examples/Toggle/images/toggle-on.png",
                                         toPath: folder + "/icons/toggle-on.png")
        let run = try run(try spec("loads.lua"), in: folder)
        XCTAssertEqual(run.results.map(\.status), [.passed], run.results.first?.message ?? "")
    }
}
