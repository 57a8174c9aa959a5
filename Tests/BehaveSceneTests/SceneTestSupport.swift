import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// A temporary folder with a scene file and the scripts next to it.
final class SceneFixture {
    let directory: URL

    init(_ files: [String: String]) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("behave-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// The checkout, for the examples and the built `behave`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

func example(_ path: String) -> String { repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(path).path }

/// The text of Support/`name`, a script the scenes of many tests use.
private func supportText(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Support")
    return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
}

/// A behaviour that records what reaches it: actions (`ping`, `pong`), a
/// delegate message, the keyboard, and a dialog (Support/probe.lua).
func probeScript() throws -> String {
    try supportText("probe.lua")
}

/// A behaviour named `name` that answers the scroll view's delegate
/// message with its name (Support/scroll.lua).
func scrollScript(_ name: String) throws -> String {
    try supportText("scroll.lua").replacingOccurrences(of: "NAME", with: name)
}

extension XCTestCase {
    /// Loads `yaml` written next to `scripts`; keep the fixture alive with it.
    func load(_ yaml: String, scripts: [String: String] = [:], named name: String = "test.scene.yaml",
              line: UInt = #line) throws -> (LoadedScene, SceneFixture) {
        let fixture = try SceneFixture(scripts.merging([name: yaml]) { a, _ in a })
        do {
            return (try SceneLoader.load(file: fixture.path(name), limits: .default), fixture)
        } catch {
            XCTFail("scene did not load:\n\(error)", line: line)
            throw error
        }
    }

    /// The diagnostics of `yaml` as `line: message`.
    func mistakes(_ yaml: String, scripts: [String: String] = [:]) throws -> [String] {
        let fixture = try SceneFixture(scripts.merging(["test.scene.yaml": yaml]) { a, _ in a })
        return SceneLoader.check(file: fixture.path("test.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }
    }
}

extension Scene {
    /// Runs command lines as `behave run` would.
    func run(_ lines: String...) throws {
        for line in lines {
            if let command = try SceneCommand.parse(line) { try execute(command) }
        }
    }

    func field(_ name: String, of behaviour: String) -> JSON? {
        self.behaviour(named: behaviour)?.fieldSnapshot.first { $0.0 == name }?.1
    }

    var messages: [String] { trace.entries.map(\.message) }
}

/// A PNG header with a correct checksum (enough for the reader).
func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
    func be(_ n: UInt32) -> [UInt8] { [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    let chunk = Array("IHDR".utf8) + be(width) + be(height) + [8, 2, 0, 0, 0]
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in chunk {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + chunk + be(~crc)
}
