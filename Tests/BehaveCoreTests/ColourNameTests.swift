import XCTest
@testable import BehaveCore

/// Colours read back as they were written: a name stays a name, hex stays
/// hex; the same colour under two spellings is equal; the state's JSON
/// gives hex.
final class ColourNameTests: XCTestCase {
    func testEveryNameParsesInAnyCaseAndKeepsItsSpelling() {
        XCTAssertEqual(Color.names.count, 19)
        for (name, color) in Color.names {
            for written in [name, name.uppercased(), name.lowercased()] {
                let parsed = Color(parsing: written)
                XCTAssertEqual(parsed, color, written)
                XCTAssertEqual(parsed?.written, name, "\(written) reads back as the table spells it")
            }
        }
        XCTAssertNil(Color(parsing: "blurple"))
        XCTAssertNil(Color(parsing: "#12345"))
    }

    func testBothSpellingsOfGreyAreTheSameColour() {
        for (gray, grey) in [("gray", "grey"), ("lightGray", "lightGrey"), ("darkGray", "darkGrey")] {
            XCTAssertEqual(Color(parsing: gray), Color(parsing: grey))
            XCTAssertEqual(Color(parsing: grey)?.written, grey)
        }
    }

    func testHexReadsBackInCapitals() {
        XCTAssertEqual(Color(parsing: "#ff3b30")?.written, "#FF3B30")
        XCTAssertEqual(Color(parsing: "#FF3B30"), Color(parsing: "red"))
        XCTAssertFalse(Value.color(Color(parsing: "#FF3B30")!).isIdentical(to: .color(Color(parsing: "red")!)))
    }

    /// Regression: setting the same colour under another spelling was taken
    /// for no change, so "red" after "#FF3B30" read back "#FF3B30".
    func testAColourSetAgainUnderAnotherSpellingReadsBackAsWritten() throws {
        let scene = Scene(screen: "Colours")
        let label = Label(name: "label")
        scene.add(label)
        try scene.execute(.set("label", property: "textColor", value: .text("#FF3B30", quoted: false)))
        try scene.execute(.set("label", property: "textColor", value: .text("red", quoted: false)))
        XCTAssertEqual(try label.value("textColor").colorValue?.written, "red")
        try scene.execute(.set("label", property: "textColor", value: .text("#FF3B30", quoted: false)))
        XCTAssertEqual(try label.value("textColor").colorValue?.written, "#FF3B30")
        let changes = scene.trace.entries.filter { $0.kind == .change }.map(\.message)
        XCTAssertEqual(changes, ["label.textColor: black → #FF3B30"], "the colour did not change: nothing to trace")
        XCTAssertTrue(scene.state().text.contains(##""textColor":"#FF3B30""##), "the state gives hex")

        let probe = Probe()
        scene.attach(probe)
        try probe.setInspectable("tint", to: .color(Color(parsing: "#FF0000")!))
        try probe.setInspectable("tint", to: .color(Color(red: 255, green: 0, blue: 0, name: "pure red")))
        XCTAssertEqual(probe.inspectable("tint")?.colorValue?.written, "pure red", "inspectables too")
    }

    func testTheTraceAndShowUseTheNameAsWritten() throws {
        let scene = Scene(screen: "Colours")
        let label = Label(name: "label")
        scene.add(label)
        try scene.execute(.set("label", property: "backgroundColor", value: .text("Teal", quoted: false)))
        XCTAssertEqual(scene.trace.entries.last?.message, "label.backgroundColor: nil → teal")
        XCTAssertTrue(scene.render().contains("background teal"), scene.render())
        XCTAssertTrue(scene.state().text.contains(##""backgroundColor":"#30B0C7""##))
    }
}
