import Foundation
import XCTest
@testable import BehaveCore

/// What happened to probes, kept outside them so it can be read after they
/// are deallocated.
final class Journal {
    var lines: [String] = []
    func count(_ line: String) -> Int { lines.filter { $0 == line }.count }
}

/// A Swift behaviour with a full declaration, recording what it hears.
final class Probe: Behaviour {
    static let probeDeclaration = BehaviourDeclaration(
        name: "Probe",
        outlets: [.init(name: "button", type: "Button"), .init(name: "anything", type: "View")],
        outletCollections: [.init(name: "labels", type: "Label")],
        inspectables: [
            PropertySpec("duration", .number, default: .number(0.7), min: 0, max: 10),
            PropertySpec("animated", .bool, default: .bool(false)),
            PropertySpec("style", .enumeration(["fade", "slide"])),
            PropertySpec("count", .integer, default: .number(1), min: 0),
            PropertySpec("tint", .color, default: .color(Color(red: 255, green: 0, blue: 0))),
            PropertySpec("maxSize", .size, default: .size(Size(width: 2048, height: 2048))),
            PropertySpec("normalImage", .image, default: .image(Image(name: "toggle-off"))),
        ],
        events: ["valueChanged"],
        actions: ["toggle", "refresh"],
        delegateMessages: ["scrollViewDidScroll", "textFieldShouldReturn"])

    let journal: Journal
    var awakeCount = 0
    var destroyCount = 0
    var changes: [(String, Value, Value)] = []
    var performed: [(action: String, sender: String)] = []
    var delegateCalls: [String] = []
    var delegateAnswer: Value?
    var toggled = false

    init(_ name: String = "probe", journal: Journal = Journal()) {
        self.journal = journal
        super.init(name: name, declaration: Probe.probeDeclaration)
    }

    override func awake() {
        awakeCount += 1
        journal.lines.append("awake \(name)")
    }

    override func changed(_ inspectable: String, from old: Value, to new: Value) {
        changes.append((inspectable, old, new))
    }

    override func destroy() {
        destroyCount += 1
        // Touches the subclass's own state: it must still be valid here.
        journal.lines.append("destroy \(name) toggled=\(toggled)")
    }

    override func performAction(_ action: String, sender: Responder, arguments: [Value]) {
        performed.append((action, sender.responderName))
        if action == "toggle" { toggled.toggle() }
    }

    override func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        delegateCalls.append(message)
        journal.lines.append("\(name) \(message)")
        return delegateAnswer
    }

    override var fieldSnapshot: [(String, JSON)] { [("toggled", .bool(toggled))] }
}

/// A delegate receiver that is not a behaviour.
final class Listener: DelegateReceiver {
    let name: String
    let messages: Set<String>
    let answer: Value?
    let journal: Journal
    init(_ name: String, messages: Set<String>, answer: Value? = nil, journal: Journal) {
        self.name = name; self.messages = messages; self.answer = answer; self.journal = journal
    }
    func respondsToDelegateMessage(_ message: String) -> Bool { messages.contains(message) }
    func receiveDelegateMessage(_ message: String, from sender: View, arguments: [Value]) -> Value? {
        journal.lines.append("\(name) \(message)")
        return answer
    }
}

/// A plain container view that can handle chosen actions.
final class HandlerView: View {
    var handles: Set<String> = []
    var received: [(action: String, sender: String)] = []
    override func canPerformAction(_ action: String) -> Bool { handles.contains(action) }
    override func performAction(_ action: String, sender: Responder, arguments: [Value]) {
        received.append((action, sender.responderName))
    }
}

extension Scene {
    /// Runs command lines as they are typed at `behave run`.
    func run(_ lines: String...) throws {
        for line in lines {
            guard let command = try SceneCommand.parse(line) else { throw ValueError("not a command: \(line)") }
            try execute(command)
        }
    }
}

extension XCTestCase {
    /// The error a throwing call raised, failing when it did not throw.
    func error(file: StaticString = #filePath, line: UInt = #line,
               _ body: () throws -> Void) -> ValueError? {
        do {
            try body()
            XCTFail("expected an error", file: file, line: line)
            return nil
        } catch let error as ValueError {
            return error
        } catch {
            XCTFail("expected a ValueError, got \(error)", file: file, line: line)
            return nil
        }
    }

    /// The state parsed by Foundation: proves it is valid JSON, too.
    func parsedState(_ scene: Scene, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        let text = scene.state().text
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            XCTFail("state is not a JSON object: \(text)", file: file, line: line)
            return [:]
        }
        return object
    }

    func keys(_ json: JSON?) -> [String] {
        if case .object(let pairs)? = json { return pairs.map(\.0) }
        return []
    }
}

extension XCTestCase {
    /// A fresh folder holding `files` (name → bytes), removed at the end.
    func temporaryFolder(_ files: [String: [UInt8]]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("behave-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: url.appendingPathComponent(name)) }
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}
