import Foundation
import XCTest

/// What an app's package gets when it depends on Behave's libraries
/// (BehaveCore, BehaveLua, BehaveScene): the package in App/, beside a
/// checkout named `behave`, as a user who cloned Behave next to their app
/// has it. It must resolve none of Behave Studio's server packages (they
/// are the Studio package's alone) and print no warning of theirs.
final class PackageTests: XCTestCase {
    /// What an app resolves: Behave and what its libraries use. A package
    /// added here is built by every app that embeds Behave.
    private let expected: Set<String> = ["behave", "yams", "swift-collections"]

    /// Packages that only Behave Studio's server needs.
    private let server = ["hummingbird", "swift-nio", "swift-crypto", "swift-distributed-tracing", "swift-argument-parser",
                          "swift-log", "swift-metrics", "swift-service-lifecycle"]

    func testAnAppResolvesNoServerPackage() throws {
        let swift = try program("swift")
        let app = try appPackage()
        let shown = try run(swift, ["package", "show-dependencies", "--format", "json"], in: app)
        XCTAssertEqual(shown.status, 0, shown.output + shown.errors)
        XCTAssertFalse((shown.output + shown.errors).lowercased().contains("warning"), shown.output + shown.errors)
        let tree = try JSONSerialization.jsonObject(with: Data(jsonPart(of: shown.output).utf8))
        let resolved = Set(identities(in: tree))
        for name in server {
            XCTAssertFalse(resolved.contains { $0.hasPrefix(name) }, "an app resolves \(name): \(resolved.sorted())")
        }
        XCTAssertEqual(resolved, expected, "what an app resolves")
    }

    /// The app builds, loads its scene file and runs the bundled toggle
    /// from it. A build of Behave's libraries of its own (about a minute
    /// from nothing), so it runs under CI (`CI` set, as `.ci/run` is run)
    /// or when BEHAVE_TEST_APP_BUILD is set, and is skipped, saying so,
    /// otherwise.
    func testAnAppBuildsAndLoadsASceneFile() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["CI"] != nil || environment["BEHAVE_TEST_APP_BUILD"] != nil else {
            throw XCTSkip("building an app's package takes a minute: CI=true or BEHAVE_TEST_APP_BUILD=1 runs it")
        }
        let swift = try program("swift")
        let app = try appPackage()
        let build = try run(swift, ["build"], in: app)
        XCTAssertEqual(build.status, 0, build.output + build.errors)
        let warnings = (build.output + build.errors).split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(warnings, [], "building an app")
        let ran = try run(app.appendingPathComponent(".build/debug/App"), ["app.scene.yaml"], in: app)
        XCTAssertEqual(ran.status, 0, ran.errors)
        XCTAssertEqual(ran.errors, "")
        XCTAssertTrue(ran.outputLines.contains("[0s] button.image: toggle-off → toggle-on"), ran.output)
        XCTAssertEqual(ran.outputLines.last, "toggle runs Scripts/toggle.lua", ran.output)
    }

    /// A copy of App/ in a fresh folder, beside a link named `behave` to
    /// this checkout (its manifest depends on `../behave`).
    private func appPackage() throws -> URL {
        let folder = try folder()
        let app = folder.appendingPathComponent("app")
        try FileManager.default.copyItem(at: checkout.appendingPathComponent("Tests/BehaveToolTests/App"), to: app)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("behave"), withDestinationURL: checkout)
        return app
    }

    /// `show-dependencies` may print what it fetched before the JSON.
    private func jsonPart(of output: String) -> String {
        output.firstIndex(of: "{").map { String(output[$0...]) } ?? output
    }

    /// Every package's identity in `show-dependencies`' tree, the root's
    /// (the app) left out.
    private func identities(in tree: Any) -> [String] {
        guard let package = tree as? [String: Any] else { return [] }
        let dependencies = package["dependencies"] as? [Any] ?? []
        return dependencies.flatMap { dependency -> [String] in
            let identity = (dependency as? [String: Any])?["identity"] as? String
            return [identity].compactMap { $0 } + identities(in: dependency)
        }
    }
}
