import Foundation
import XCTest

/// The binary alone is the tool: copied to another folder, run from an
/// unrelated one, with the checkout out of its sight, it still has the
/// bundled behaviours (embedded at build time).
final class InstallTests: XCTestCase {
    /// A copy of the built `behave`, alone in a folder of its own (as
    /// `install .build/release/behave /usr/local/bin/` leaves it).
    private func installedCopy() throws -> URL {
        let bin = try folder()
        let copy = bin.appendingPathComponent("behave")
        try FileManager.default.copyItem(at: try builtBehave(), to: copy)
        return copy
    }

    /// A fresh folder holding copies of Fixtures/.install's `names`: a
    /// spec that taps the bundled toggle, a scene whose behaviour is the
    /// bundled toggle (`script:` is looked up next to the scene, then among
    /// the bundled scripts), and the script that hides the checkout.
    private func workFolder(_ names: [String]) throws -> URL {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/.install")
        let work = try folder()
        for name in names {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: work.appendingPathComponent(name))
        }
        return work
    }

    func testACopyRunsTheBundledToggleFromAnUnrelatedFolder() throws {
        let behave = try installedCopy()
        let work = try workFolder(["toggle_spec.lua"])
        let run = try run(behave, ["run", "toggle.lua", "--do", "tap button"], in: work)
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.outputLines, [
            "[0s] toggle awake", "[0s] button.image: nil → toggle-off", "[0s] button touchDown", "[0s] button touchUpInside",
            "[0s] button.image: toggle-off → toggle-on", "[0s] toggle valueChanged",
        ])
        XCTAssertEqual(run.errors, "")
        // A `--set` the bundled script refuses is the option's mistake.
        let mistake = try self.run(behave, ["run", "toggle.lua", "--set", "duraton=1"], in: work)
        XCTAssertEqual(mistake.status, 2)
        XCTAssertEqual(mistake.errors, "behave: --set duraton: ToggleButton has no inspectable `duraton` (did you mean `duration`?)\n")
        // A message about a bundled script names it as the checkout does.
        let naming = try folder(["names_spec.lua": "it(\"names it\", function() scene.script(\"toggle.lua\", { duraton = 1 }) end)\n"])
        let named = try self.run(behave, ["test"], in: naming)
        XCTAssertEqual(named.status, 1)
        XCTAssertTrue(named.output.contains(
            "names it: Scripts/toggle.lua: ToggleButton has no inspectable `duraton` (did you mean `duration`?)"), named.output)
        // Specs find the bundled scripts too.
        let test = try self.run(behave, ["test"], in: work)
        XCTAssertEqual(test.status, 0, test.output + test.errors)
        XCTAssertEqual(test.output, "1 passed, 0 failed\n")
        XCTAssertEqual(try self.run(behave, ["inspect", "image_picker.lua"], in: work).status, 0)
    }

    /// The checkout is hidden under an empty folder (a mount namespace of
    /// the test's own), so that reading anything of it, `Scripts/`
    /// included, finds nothing: the copy must do without it.
    func testACopyDoesNotReadTheCheckout() throws {
        let unshare = try program("unshare")
        let behave = try installedCopy()
        let work = try workFolder(["toggle_spec.lua", "screen.scene.yaml", "hidden.sh"])
        let probe = try run(unshare, ["-rm", "true"], in: work)
        guard probe.status == 0 else { throw XCTSkip("no mount namespaces here: \(probe.errors)") }
        let hidden = try run(unshare, ["-rm", "sh", "hidden.sh", checkout.path, behave.path], in: work)
        XCTAssertEqual(hidden.status, 0, hidden.output + hidden.errors)
        XCTAssertTrue(hidden.output.contains("[0s] button.image: toggle-off → toggle-on\n"), hidden.output)
        XCTAssertTrue(hidden.output.contains("1 passed, 0 failed\n"), hidden.output)
        XCTAssertTrue(hidden.output.contains("[0s] b.image: toggle-off → toggle-on\n"), "a scene's script: \(hidden.output)")
        XCTAssertTrue(hidden.output.hasSuffix("toggle.lua: ok\n"), hidden.output)
    }

    /// The README's install command builds the release binaries and puts
    /// them on the path, `behave-studio` (the Studio package's) beside
    /// `behave`, where `behave studio` looks for it (StudioLookupTests); the
    /// test checks the command is there and names the binaries the builds make.
    func testTheReadmeGivesTheInstallCommand() throws {
        let readme = try String(contentsOf: checkout.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("""

            swift build -c release --product behave && swift build -c release --package-path Studio \
            && install .build/release/behave Studio/.build/release/behave-studio /usr/local/bin/

            """), "the install command")
    }
}
