import BehaveCore
import XCTest

/// The README's "Using the core from Swift" example, as written there.
final class ReadmeExampleTests: XCTestCase {
    final class Counter: Behaviour {
        init() {
            super.init(name: "counter", declaration: BehaviourDeclaration(
                name: "Counter", outlets: [.init(name: "button", type: "Button")], events: ["valueChanged"]))
        }
        var count = 0
        override func awake() {
            // A button sends `touchUpInside`; `on` throws for an event it does not.
            try! outlet("button")?.on("touchUpInside") { [unowned self] _ in
                count += 1
                try? send("valueChanged")
            }
        }
    }

    func testTheReadmeExampleRunsAsDescribed() throws {
        let scene = Scene(screen: "Demo")
        let button = Button(name: "button")
        scene.add(button)
        weak var weakCounter: Counter?
        do {
            let counter = Counter()
            weakCounter = counter
            try counter.setOutlet("button", to: button)
            scene.attach(counter)        // owned by the screen: nothing else keeps it alive
            counter.start()
        }
        XCTAssertNotNil(weakCounter, "the screen keeps it alive")
        button.tap()
        XCTAssertEqual(weakCounter?.count, 1)
        XCTAssertTrue(scene.trace.entries.contains { $0.message == "counter valueChanged" })
        scene.dismiss()              // destroys and releases it
        XCTAssertNil(weakCounter)
    }
}
