import BehaveSpec
import XCTest

/// A spec file's math.random: each spec restarts it for itself, so what a
/// spec draws is the same alone or after the others, and on every run; a
/// scene's behaviour rolls its own on the virtual clock (Fixtures/random/).
final class SpecRandomTests: XCTestCase {
    let file = fixture("random/rolls.lua")

    func outputs(_ run: (text: String, results: CollectingReporter)) -> [String: [String]] {
        Dictionary(uniqueKeysWithValues: run.results.results.map { ($0.name, $0.output) })
    }

    func testEachSpecDrawsTheSameAloneAndOnEveryRun() throws {
        let all = runSpecs([file])
        XCTAssertEqual(all.results.summary?.passed, 3, all.text)
        let drawn = outputs(all)
        XCTAssertEqual(drawn.count, 3)
        XCTAssertFalse(drawn.values.contains { $0.isEmpty }, all.text)
        XCTAssertEqual(outputs(runSpecs([file])), drawn, "every run draws the same")
        for name in drawn.keys {
            let alone = runSpecs([file], filter: name)
            XCTAssertEqual(outputs(alone), [name: drawn[name] ?? []], "\(name), alone")
        }
    }
}
