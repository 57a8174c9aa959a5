import BehaveCore
import BehaveLua
@testable import BehaveScene
import Foundation
import XCTest

/// Random exploration against invariants, and shrinking what it finds.
final class ExplorationTests: XCTestCase {
    func testItFindsThePlantedBugInBrokenModesAndShrinksIt() throws {
        let source = SceneSource(file: example("Exploration/broken_modes.scene.yaml"))
        let failure = try XCTUnwrap(try Exploration.explore(source, steps: 1000, seed: 1))
        XCTAssertTrue(failure.reason.contains("invariant \"the stepper is shown and takes taps only in edit\" does not hold in state `browse`"),
                      failure.reason)
        XCTAssertLessThanOrEqual(failure.commands.count, 5)
        XCTAssertEqual(failure.commands, ["tap button", "tap button"])
        XCTAssertNil(failure.shrinkingStopped, "the default budget shrinks it all the way")
        // The shrunk commands fail the same way on a new scene.
        XCTAssertEqual(try Exploration.replay(failure.commands, source: source), failure.reason)
    }

    /// A failure that needs forty taps, found among hundreds of steps
    /// (Examples/Exploration/forty_taps): shrinking it all the way takes
    /// some two thousand replays. Within a budget of five it stops, with
    /// the shortest list found so far, which fails the same way.
    func testShrinkingStopsWhenItsBudgetRunsOut() throws {
        let source = SceneSource(file: example("Exploration/forty_taps.scene.yaml"))
        let found = try XCTUnwrap(try Exploration.run(source, steps: 1000, seed: 1))
        XCTAssertTrue(found.reason.hasSuffix("tapped 40 times"), found.reason)
        let failure = try Exploration.shrink(found, source: source, budget: Shrinker.Budget(seconds: 3600, replays: 5))
        XCTAssertEqual(failure.shrinkingStopped, .replays(5))
        XCTAssertEqual(failure.replays, 5)
        XCTAssertGreaterThanOrEqual(failure.commands.count, 40)
        XCTAssertLessThanOrEqual(failure.commands.count, found.commands.count)
        XCTAssertEqual(try Exploration.replay(failure.commands, source: source), found.reason)

        let none = try Exploration.shrink(found, source: source, budget: Shrinker.Budget(seconds: 0, replays: 5))
        XCTAssertEqual(none.shrinkingStopped, .time(seconds: 0, replays: 0))
        XCTAssertEqual(none.commands, found.commands)
    }

    func testTheCorrectModesHoldsItsInvariantsForThousandsOfSteps() throws {
        let source = SceneSource(file: example("Modes/modes.scene.yaml"))
        XCTAssertNil(try Exploration.explore(source, steps: 3000, runs: 3, seed: 7))
    }

    func testTheSameSeedMakesTheSameRun() throws {
        let source = SceneSource(file: example("Modes/modes.scene.yaml"))
        func actions(seed: UInt64) throws -> [String] {
            let running = try source.make()
            var random = ExplorationRandom(seed: seed)
            return (0..<200).map { _ in
                let line = Explorer.nextAction(in: running.scene, random: &random)
                Exploration.perform(line, on: running.scene)
                return line
            }
        }
        XCTAssertEqual(try actions(seed: 3), try actions(seed: 3))
        XCTAssertNotEqual(try actions(seed: 3), try actions(seed: 4))
    }

    /// Only what a person could reach: shown, opaque, interactive, enabled
    /// controls; while a dialog is up, only its answers and time.
    func testOnlyReachableControlsAreUsed() throws {
        let scene = Scene(screen: "S")
        let shown = Button(name: "shown"), hidden = Button(name: "hidden"), faded = Button(name: "faded")
        let disabled = Button(name: "disabled"), label = Label(name: "label")
        for view in [shown, hidden, faded, disabled, label] as [View] { scene.add(view) }
        try hidden.set("hidden", to: .bool(true))
        try faded.set("alpha", to: .number(0))
        try disabled.set("enabled", to: .bool(false))
        var random = ExplorationRandom(seed: 1)
        let seen = Set((0..<500).map { _ in Explorer.nextAction(in: scene, random: &random) })
        XCTAssertEqual(Set(seen.filter { !$0.hasPrefix("advance") }), ["tap shown", "press shown"])

        try scene.present(Dialog(style: .alert, title: "Sure?", options: ["Yes", "Not now"], cancel: "Cancel")) { _ in }
        let answers = Set((0..<200).map { _ in Explorer.nextAction(in: scene, random: &random) })
        XCTAssertEqual(Set(answers.filter { !$0.hasPrefix("advance") }), ["choose Yes", "choose \"Not now\"", "choose cancel"])
    }

    /// Touches are gated by the alpha set, not the one an animation shows
    /// (the core's `canReceiveTouches`): a switch fading in is offered, and
    /// tapping it flips it; one fading out is not, though it still shows.
    func testAFadeIsJudgedByTheAlphaSetAsATouchIs() throws {
        let scene = Scene(screen: "S")
        let fadingIn = Switch(name: "fadingIn"), fadingOut = Switch(name: "fadingOut")
        scene.add(fadingIn); scene.add(fadingOut)
        try fadingIn.set("alpha", to: .number(0))
        try scene.animator.animate(duration: 1, curve: .linear, changes: {
            try fadingIn.set("alpha", to: .number(1))
            try fadingOut.set("alpha", to: .number(0))
        })
        scene.clock.advance(by: 0.005)
        XCTAssertLessThan(fadingIn.alpha, 0.01, "shown all but transparent")
        XCTAssertGreaterThan(fadingOut.alpha, 0.99, "shown all but opaque")
        var random = ExplorationRandom(seed: 1)
        let seen = Set((0..<300).map { _ in Explorer.nextAction(in: scene, random: &random) }.filter { !$0.hasPrefix("advance") })
        XCTAssertEqual(Set(seen.map { $0.split(separator: " ").last.map(String.init) ?? $0 }), ["fadingIn"], "\(seen)")
        Exploration.perform("tap fadingIn", on: scene)
        XCTAssertTrue(fadingIn.isOn, "a person's tap on it reaches it")
    }

    /// The generator is ours: its numbers are fixed for a seed, on every
    /// machine (a change here changes every recorded exploration).
    func testTheRandomNumbersAreFixedForASeed() {
        var random = ExplorationRandom(seed: 0)
        XCTAssertEqual((0..<3).map { _ in random.next() },
                       [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }
}
