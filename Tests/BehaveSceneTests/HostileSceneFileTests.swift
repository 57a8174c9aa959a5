@testable import BehaveScene
import Foundation
import XCTest

/// Scene files written to break the reader: nesting hidden from any scan
/// (line endings, stray quotes, block scalars, comments, a BOM), nesting
/// through aliases, control characters. Each ends in an error naming the
/// file and the line, never a crash.
extension CheckCommandTests {
    /// A flow value nested `depth` levels deep.
    private func nested(_ depth: Int) -> String {
        String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }

    func testDeepNestingIsRefusedAtItsLineWhateverTheTextAroundIt() throws {
        let deep = nested(50_000)
        let cases: [(name: String, text: String, line: Int)] = [
            ("crlf", "# a scene\r\nscreen: A\r\ncontrols:\r\n  b: { type: Button, title: \(deep) }\r\n", 4),
            ("cr", "# a scene\rscreen: A\rcontrols:\r  b: { type: Button, title: \(deep) }\r", 4),
            ("quote", "screen: A\ncontrols:\n  a: { type: Button, title: 5 \"inch }\n  b: { type: Button, title: \(deep) }\n", 4),
            ("block", "screen: A\nnote: |\n  say \"hi\n  it's\ncontrols:\n  b: { type: Button, title: \(deep) }\n", 6),
            ("tabs", "screen: A\ncontrols:\n  b: { type: Button,\ttitle:\t\(deep) }\n", 3),
            ("bom", "\u{FEFF}screen: A\ncontrols: \(deep)\n", 2),
            ("dashes", "screen: A\r\ncontrols:\r\n  " + String(repeating: "- ", count: 50_000) + "x\r\n", 3),
            ("json", "{\"screen\": \"a\\\\\", \"s\": \"\\\"[\",\r\n \"controls\": \(deep)}\r\n", 2),
        ]
        let fixture = try SceneFixture(Dictionary(uniqueKeysWithValues: cases.map {
            ($0.name + ($0.name == "json" ? ".scene.json" : ".scene.yaml"), $0.text)
        }))
        for (name, _, line) in cases {
            let file = fixture.path(name + (name == "json" ? ".scene.json" : ".scene.yaml"))
            let outcome = try behave(["check", file])
            XCTAssertEqual(outcome.status, 2, "\(name): \(outcome.errors)")
            XCTAssertEqual(outcome.errors, "\(file):\(line): the scene nests more than 200 levels deep\n", name)
        }
        let run = try behave(["run", fixture.path("crlf.scene.yaml"), "--do", "quit"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.errors, "\(fixture.path("crlf.scene.yaml")):4: the scene nests more than 200 levels deep\n")
    }

    func testNestingThroughAnAliasCountsTheDepthOfWhatItRepeats() throws {
        // Each half is 150 deep; an alias puts one inside the other.
        let half = String(repeating: "[", count: 150) + "x" + String(repeating: "]", count: 150)
        let yaml = "screen: A\nparts: &deep \(half)\nmore:\n  " + String(repeating: "[", count: 60) + "*deep"
            + String(repeating: "]", count: 60) + "\n"
        XCTAssertEqual(try mistakes(yaml), ["4: the scene nests more than 200 levels deep"])
        XCTAssertEqual(try mistakes("a: &a [1]\nb: *nothing\n"), ["2: bad YAML: the alias `*nothing` names no anchor `&nothing` before it"])
        XCTAssertEqual(try mistakes("a: &a [1, *a]\n"), ["1: bad YAML: the alias `*a` names no anchor `&a` before it"],
                       "an anchor cannot repeat itself")
    }

    func testControlCharactersAreNamedByTheirLine() throws {
        let fixture = try SceneFixture([:])
        try Data("screen: A\r\ncontrols:\r\n  b: { type: Button, title: \"a".utf8 + [0x07] + "\" }\n".utf8)
            .write(to: URL(fileURLWithPath: fixture.path("bell.scene.yaml")))
        XCTAssertEqual(SceneLoader.check(file: fixture.path("bell.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" },
                       ["3: bad YAML: control characters are not allowed (U+0007)"])
    }

    /// A file that is not UTF-8 (saved as Latin-1) is named at the line
    /// of its first stray byte, with the fix; it was "the file is not UTF-8
    /// text", with no line.
    func testTextThatIsNotUTF8IsNamedByItsLine() throws {
        let fixture = try SceneFixture([:])
        for (name, bytes, line) in [("latin1", Array("screen: A\r\ncontrols:\r\n  b: { type: Button, title: \"caf".utf8) + [0xE9] + Array("\" }\n".utf8), 3),
                                    ("cut", Array("screen: A\n".utf8) + [0xF0, 0x9F], 2)] {
            try Data(bytes).write(to: URL(fileURLWithPath: fixture.path("\(name).scene.yaml")))
            XCTAssertEqual(SceneLoader.check(file: fixture.path("\(name).scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }, [
                "\(line): the file is not UTF-8 text: byte \(name == "cut" ? "0xF0" : "0xE9") on this line is no part of a UTF-8 character "
                    + "(a file saved as Latin-1 or Windows-1252?); save it as UTF-8",
            ])
        }
    }

    func testASecondDocumentIsNamedByItsLine() throws {
        XCTAssertEqual(try mistakes("screen: A\n---\nscreen: B\n"),
                       ["2: bad YAML: a scene file holds one document, and a second one starts here"])
        XCTAssertEqual(try mistakes("\r\n  \r\n"), ["1: the scene is empty; it needs at least `controls:` or `behaviours:`"])
        XCTAssertEqual(try mistakes(""), ["1: the scene is empty; it needs at least `controls:` or `behaviours:`"])
    }
}

/// Multiplexers that lead to one another: a message goes to each receiver
/// behind them once, however long the chain and however many paths lead
/// to it.
final class MultiplexerChainTests: XCTestCase {
    private let listener = """
        local Listener = behaviour {}

        function Listener:scrollViewDidScroll(scrollView)
          print("heard", scrollView.contentOffset.y)
        end

        return Listener

        """

    private func heard(_ behaviours: [String]) throws -> [String] {
        let yaml = "controls:\n  page: { type: ScrollView, delegate: m0 }\nbehaviours:\n"
            + behaviours.map { "  \($0)\n" }.joined()
        let (loaded, _) = try load(yaml, scripts: ["listener.lua": listener])
        try loaded.scene.run("scroll page 10")
        return loaded.scene.trace.entries.filter { $0.kind == .log }.map(\.message)
    }

    /// Forwarding recursed once a multiplexer: 10,000 of them overflowed
    /// the stack (a crash).
    func testALongChainOfMultiplexersReachesItsEnd() throws {
        let count = 15_000
        let chain = (0..<count).map { "m\($0): { type: Multiplexer, targets: [m\($0 + 1)] }" }
        XCTAssertEqual(try heard(chain + ["m\(count): { script: listener.lua }"]), ["[m\(count)] heard\t10"])
    }

    /// Each of 30 multiplexers names the next twice: the listener heard
    /// the message 2^30 times (the scroll never ended).
    func testAReceiverThatManyPathsLeadToHearsOnce() throws {
        let count = 30
        let doubled = (0..<count).map { "m\($0): { type: Multiplexer, targets: [m\($0 + 1), m\($0 + 1)] }" }
        let started = ContinuousClock.now
        XCTAssertEqual(try heard(doubled + ["m\(count): { script: listener.lua }"]), ["[m\(count)] heard\t10"])
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    }
}
