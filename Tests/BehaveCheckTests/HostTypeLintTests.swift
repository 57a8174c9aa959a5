import BehaveCheck
import BehaveCore
import XCTest

/// A host's own control type is known to `check` once registered: its
/// properties, its events and its methods.
final class HostTypeLintTests: XCTestCase {
    func testARegisteredTypesPropertiesEventsAndMethodsAreKnown() throws {
        try ControlTypes.register(ControlType(
            name: "LintDial", summary: "A dial for the linter's test.",
            properties: [PropertySpec("level", .number, default: .number(0), min: 0, max: 10)],
            events: ["valueChanged"],
            methods: [ControlMethod("nudge", "Moves the level by one.") { _, _ throws(ValueError) in nil }]))
        defer { try? ControlTypes.unregister("LintDial") }
        let source = """
            local Meter = behaviour { name = "Meter", outlets = { dial = "LintDial" } }

            function Meter:awake()
              self.dial:on("valueChanged", function() self.dial:nudge() end)
              self.dial.level = 3
              self.dial:nudj()
              self.dial.levl = 2
            end

            return Meter
            """
        let findings = ScriptLinter.lint(source, file: "meter.lua").filter { $0.severity == .error }
        XCTAssertEqual(findings.map(\.position.line), [6, 7], "\(findings.map(\.message))")
        XCTAssertEqual(findings.first?.fix, "did you mean `nudge`?")
        XCTAssertEqual(findings.last?.fix, "did you mean `level`?")
    }
}
