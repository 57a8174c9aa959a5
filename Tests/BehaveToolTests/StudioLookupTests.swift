import Foundation
import XCTest

/// `behave studio` runs `behave-studio`: beside itself (as `install` leaves
/// them), or, for a development build in a checkout, where the checkout's
/// Studio package builds it. Copies of the built `behave` in folders laid
/// out as an install and as a checkout; the server is a stand-in that
/// prints what it was given.
final class StudioLookupTests: XCTestCase {
    /// A stand-in for the server that says which one it is and what it got.
    private func server(_ url: URL, saying name: String) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "#!/bin/sh\necho \"\(name): $*\"\n".write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// A copy of the built `behave` at `path` under `root`.
    private func behave(at path: String, under root: URL) throws -> URL {
        let copy = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try builtBehave(), to: copy)
        return copy
    }

    func testACheckoutsBehaveRunsTheServerTheStudioPackageBuilt() throws {
        let checkout = try folder(["Studio/Package.swift": "// the Studio package\n"])
        let behave = try behave(at: ".build/x86_64-unknown-linux-gnu/debug/behave", under: checkout)
        let built = checkout.appendingPathComponent("Studio/.build/x86_64-unknown-linux-gnu/debug/behave-studio")
        try server(built, saying: "the Studio package's")
        let work = try folder()
        let studio = try run(behave, ["studio", "toggle.lua", "--port", "0"], in: work)
        XCTAssertEqual(studio.status, 0, studio.errors)
        XCTAssertEqual(studio.output, "the Studio package's: toggle.lua --port 0\n")
        // One beside behave comes first.
        try server(behave.deletingLastPathComponent().appendingPathComponent("behave-studio"), saying: "beside")
        XCTAssertEqual(try run(behave, ["studio", "toggle.lua"], in: work).output, "beside: toggle.lua\n")
    }

    func testWithoutItsServerACheckoutsBehaveNamesBothPlacesAndTheBuild() throws {
        let checkout = try folder(["Studio/Package.swift": "// the Studio package\n"])
        for (configuration, command) in [("debug", "swift build --package-path Studio"),
                                          ("release", "swift build -c release --package-path Studio")] {
            let behave = try behave(at: ".build/x86_64-unknown-linux-gnu/\(configuration)/behave", under: checkout)
            let studio = try run(behave, ["studio", "toggle.lua"], in: try folder())
            XCTAssertEqual(studio.status, 2)
            XCTAssertEqual(studio.output, "")
            XCTAssertEqual(studio.errors, """
                behave: behave studio runs behave-studio, found neither beside behave \
                (\(checkout.path)/.build/x86_64-unknown-linux-gnu/\(configuration)/behave-studio) nor where the \
                checkout's Studio package builds it \
                (\(checkout.path)/Studio/.build/x86_64-unknown-linux-gnu/\(configuration)/behave-studio); \
                build it in \(checkout.path) with `\(command)`

                """)
        }
    }

    func testAnInstalledBehaveRunsTheServerBesideIt() throws {
        let bin = try folder()
        let behave = try behave(at: "behave", under: bin)
        let missing = try run(behave, ["studio"], in: try folder())
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.errors, """
            behave: behave studio runs behave-studio, which is not beside behave (\(bin.path)/behave-studio); build \
            it in Behave's checkout with `swift build -c release --package-path Studio` and install it beside \
            behave: `install Studio/.build/release/behave-studio \(bin.path)/`

            """)
        try server(bin.appendingPathComponent("behave-studio"), saying: "installed")
        XCTAssertEqual(try run(behave, ["studio", "scene.yaml"], in: try folder()).output, "installed: scene.yaml\n")
    }
}
