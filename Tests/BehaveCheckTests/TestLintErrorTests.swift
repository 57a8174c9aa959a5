import Foundation
import XCTest

/// `behave test` fails on a linter error in a behaviour script it loads,
/// as `check` does, even when no spec reaches the line; a warning does
/// not fail it, nor does a finding in a spec.
final class TestLintErrorTests: XCTestCase {
    private let spec = """
        describe("counter", function()
          it("counts", function()
            assert.is_not_nil(scene.script("counter.lua"))
          end)
        end)

        """

    /// A handler no spec runs, with a misspelt outlet (an error) and an
    /// unused local (a warning).
    private func counter(misspelt: Bool) -> String {
        """
        local Counter = behaviour { name = "Counter", outlets = { label = "Label" } }
        function Counter:awake() self.count = 0 end
        function Counter:increment() self.count = self.count + 1 end
        function Counter:clear() local unused = 1 self.\(misspelt ? "lable" : "label").text = "" end
        return Counter

        """
    }

    private let finding = "`self.lable` is not an outlet"

    func testALinterErrorInALoadedScriptFailsTheRunAndIsCounted() throws {
        let directory = try folder(["counter.lua": counter(misspelt: true), "counter_spec.lua": spec])
        let plain = try behave(["test"], in: directory)
        XCTAssertEqual(plain.status, 1, plain.output + plain.errors)
        XCTAssertTrue(plain.output.contains("ERROR counter.lua:4: (linting counter.lua): " + finding), plain.output)
        XCTAssertTrue(plain.output.hasSuffix("1 passed, 0 failed, 1 errored\n"), plain.output)
        XCTAssertFalse(plain.errors.contains(finding), "said once, as a result: \(plain.errors)")
        XCTAssertTrue(plain.errors.contains("counter.lua:4:32: warning: the local `unused` is never used"), plain.errors)

        let json = try behave(["test", "-o", "json"], in: directory)
        XCTAssertEqual(json.status, 1)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let errors = try XCTUnwrap(report["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.count, 1, json.output)
        XCTAssertEqual(errors.first?["name"] as? String, "(linting counter.lua)")
        XCTAssertTrue((errors.first?["message"] as? String)?.hasPrefix("counter.lua:4: " + finding) ?? false, json.output)

        let gtest = try behave(["test", "-o", "gtest"], in: directory)
        XCTAssertEqual(gtest.status, 1)
        XCTAssertTrue(gtest.output.contains("counter.lua:4: Error\n  " + finding), gtest.output)
        XCTAssertTrue(gtest.output.contains("[  ERROR   ] counter.lua:4: (linting counter.lua)\n"), gtest.output)

        // The linter's error is no spec: a filter that chose none is still told.
        let none = try behave(["test", "--filter", "nothing"], in: directory)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.errors.contains("warning: no spec was chosen by"), none.errors)
    }

    /// A spec may read a global its module sets, which the linter reading
    /// the spec alone takes for undefined: told, but no failure.
    func testALinterErrorInASpecDoesNotFailTheRun() throws {
        let directory = try folder([
            "setup.lua": "LOADED = true\nreturn {}\n",
            "setup_spec.lua": "require(\"setup\")\ndescribe(\"setup\", function()\n  it(\"loads\", function() assert.is_true(LOADED) end)\nend)\n",
        ])
        let outcome = try behave(["test"], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertTrue(outcome.output.hasSuffix("1 passed, 0 failed\n"), outcome.output)
        XCTAssertTrue(outcome.errors.contains("setup_spec.lua:3:"), outcome.errors)
    }

    func testAWarningAloneDoesNotFailTheRun() throws {
        let directory = try folder(["counter.lua": counter(misspelt: false), "counter_spec.lua": spec])
        let outcome = try behave(["test"], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.output + outcome.errors)
        XCTAssertTrue(outcome.output.hasSuffix("1 passed, 0 failed\n"), outcome.output)
        XCTAssertTrue(outcome.errors.contains("warning: the local `unused` is never used"), outcome.errors)
    }
}
