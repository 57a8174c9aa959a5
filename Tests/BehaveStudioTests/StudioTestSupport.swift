import BehaveCore
import BehaveScene
@testable import BehaveStudio
import Foundation
import XCTest

/// The checkout, for the bundled toggle and the examples.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A fresh folder, removed when the test ends.
func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-studio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}

/// Replaces `destination` with `source`, with a modification time of its
/// own (a save).
func save(_ source: URL, over destination: URL) throws {
    let data = try Data(contentsOf: source)
    try data.write(to: destination)
    let later = Date().addingTimeInterval(Double.random(in: 2...1000))
    try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: destination.path)
}

/// A studio engine on the toggle scene (a copy of the example and the
/// bundled toggle), and the parts it published, as JSON objects.
final class EngineProbe {
    let folder: URL
    let engine: StudioEngine
    private(set) var parts: [StudioPart: [String: Any]] = [:]
    private(set) var photos = StudioImageFiles.none
    private(set) var images = StudioImageFiles.none
    private var received: [(StudioPart, String)] = []

    init(_ test: XCTestCase, scene: String = "toggle.scene.yaml", record: String? = nil) throws {
        let folder = try temporaryFolder(test)
        self.folder = folder
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Examples/Toggle/toggle.scene.yaml"),
                                         to: folder.appendingPathComponent("toggle.scene.yaml"))
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Examples/Toggle/images"),
                                         to: folder.appendingPathComponent("images"))
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Scripts/toggle.lua"),
                                         to: folder.appendingPathComponent("toggle.lua"))
        let box = Received()
        let photoBox = Received()
        let transcript = record.map { folder.appendingPathComponent($0).path }
        engine = try StudioEngine(source: SceneSource(file: folder.appendingPathComponent(scene).path),
                                  record: transcript,
                                  publish: { box.parts.append(($0, $1)) }, files: { photoBox.photos = $0; photoBox.images = $1 })
        self.box = box
        self.photoBox = photoBox
        publish()
    }

    private let box: Received
    private let photoBox: Received

    /// What the engine sends now, read back.
    func publish() {
        engine.publishChanges()
        for (part, text) in box.parts {
            let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            parts[part] = object?["data"] as? [String: Any]
        }
        box.parts.removeAll()
        photos = photoBox.photos
        images = photoBox.images
    }

    func handle(_ message: StudioMessage) {
        engine.handle(message)
        publish()
    }

    /// A look at the files (and a tick of the clock), as if time had passed.
    func poll() {
        polls += 1
        engine.tick(now: .now.advanced(by: .seconds(polls)))
        publish()
    }

    private var polls = 0

    var state: [String: Any] { parts[.state] ?? [:] }
    var status: [String: Any] { parts[.status] ?? [:] }

    func control(_ name: String) -> [String: Any] {
        (state["controls"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    func inspectable(_ behaviour: String, _ name: String) -> Any? {
        ((state["behaviours"] as? [String: Any])?[behaviour] as? [String: Any])
            .flatMap { ($0["inspectables"] as? [String: Any])?[name] }
    }

    var timeline: [String] {
        ((parts[.timeline]?["entries"] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String }
    }

    var script: URL { folder.appendingPathComponent("toggle.lua") }

    private final class Received {
        var parts: [(StudioPart, String)] = []
        var photos = StudioImageFiles.none
        var images = StudioImageFiles.none
    }
}
