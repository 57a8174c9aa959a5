@testable import BehaveCore

/// The control types' commands as the tests write them (`.step("count",
/// up: true)`): what `SceneCommand.parse` must give for a typed line.
extension SceneCommand {
    static func press(_ name: String) -> SceneCommand { .control(verb: "press", name: name, arguments: []) }
    static func drag(_ name: String, inside: Bool) -> SceneCommand {
        .control(verb: "drag", name: name, arguments: [.word(inside ? "inside" : "outside")])
    }
    static func release(_ name: String, outside: Bool) -> SceneCommand {
        .control(verb: "release", name: name, arguments: [outside ? .word("outside") : .absent])
    }
    static func step(_ name: String, up: Bool) -> SceneCommand {
        .control(verb: "step", name: name, arguments: [.word(up ? "+" : "-")])
    }
    static func slide(_ name: String, value: Double) -> SceneCommand {
        .control(verb: "slide", name: name, arguments: [.number(value)])
    }
    static func type(_ name: String, text: String) -> SceneCommand { .control(verb: "type", name: name, arguments: [.text(text)]) }
    static func keys(_ name: String, text: String) -> SceneCommand { .control(verb: "keys", name: name, arguments: [.text(text)]) }
    static func backspace(_ name: String, count: Int) -> SceneCommand {
        .control(verb: "backspace", name: name, arguments: [.count(count)])
    }
    static func pressReturn(_ name: String) -> SceneCommand { .control(verb: "return", name: name, arguments: []) }
    static func scroll(_ name: String, y: Double) -> SceneCommand { .control(verb: "scroll", name: name, arguments: [.number(y)]) }
}
