import BehaveSpec
import Foundation
import XCTest

/// `require` in spec files: names resolve from the working directory, as
/// Lua's default path does, then beside the spec; modules load once per
/// spec file, in the spec's environment, and their values are handed out
/// as they are; reading stays inside the folders a spec may read.
final class SpecRequireTests: XCTestCase {
    /// A copy of the suite Fixtures/.require/`name` in a temporary folder;
    /// the specs run from it. The folder is hidden, so that `behave test`
    /// at the checkout's root passes over specs written to run from their
    /// own suite.
    private func suite(_ name: String) throws -> String {
        try fixtureSuite(self, ".require/" + name)
    }

    private func passes(_ folder: String, _ arguments: [String] = ["test"], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try runBehaveWithErrors(arguments, in: folder)
        XCTAssertEqual(run.status, 0, run.output + run.errors, file: file, line: line)
        return run.output
    }

    func testNamesResolveFromTheWorkingDirectoryThenBesideTheSpec() throws {
        let folder = try suite("default_path")
        XCTAssertTrue(try passes(folder).hasSuffix("3 passed, 0 failed\n"))
    }

    func testAModuleLoadsOncePerSpecFileInTheSpecsEnvironment() throws {
        let folder = try suite("once_per_file")
        XCTAssertTrue(try passes(folder).hasSuffix("4 passed, 0 failed\n"))
    }

    func testBustedsModulesArePreloaded() throws {
        let folder = try suite("busted_preloaded")
        XCTAssertTrue(try passes(folder).hasSuffix("1 passed, 0 failed\n"))
    }

    func testCyclesAndFailingModulesAreErrorsNamingThem() throws {
        let folder = try suite("cycles")
        XCTAssertTrue(try passes(folder).hasSuffix("3 passed, 0 failed\n"))
    }

    /// A megabyte name is named by its start and its length: one letter
    /// under a megabyte of accents is one character, and the message held
    /// the whole name (and reading its parts ran out the spec's time).
    func testAMegabyteModuleNameIsCutInItsError() throws {
        let folder = try suite("megabyte_name")
        XCTAssertTrue(try passes(folder).hasSuffix("1 passed, 0 failed\n"))
    }

    /// A spec reads modules only inside its folder and the working
    /// directory, once links are resolved, whether the file exists or not.
    func testARequireThroughASymbolicLinkOutOfTheFoldersIsRefused() throws {
        let outside = fixture(".require/outside")
        let folder = try suite("links")
        try FileManager.default.createSymbolicLink(atPath: folder + "/leak.lua", withDestinationPath: outside + "/secret.lua")
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: outside)
        XCTAssertTrue(try passes(folder).hasSuffix("2 passed, 0 failed\n"))
    }

    /// A library's specs, run from a folder above it, find its modules in
    /// the suite's folder (the nearest above the spec with a `.busted`).
    func testASuiteBelowTheWorkingDirectoryFindsItsOwnModules() throws {
        let folder = try suite("suite_below")
        XCTAssertTrue(try passes(folder).hasSuffix("1 passed, 0 failed\n"))
        XCTAssertTrue(try passes(folder + "/lib").hasSuffix("1 passed, 0 failed\n"))
    }

    /// A module that fails while the spec file loads (busted suites often
    /// require a helper at the top) is named with its own line; the
    /// result's line is the spec's `require`.
    func testAModuleThatFailsWhileTheSpecLoadsIsNamedWithItsLine() throws {
        let folder = try suite("failing_helper")
        let run = try runBehaveWithErrors(["test"], in: folder)
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(run.output.hasPrefix("ERROR spec/helper.lua:4: (loading spec/thing_spec.lua): broken helper\n"), run.output)
        let tap = try runBehaveWithErrors(["test", "-o", "TAP"], in: folder)
        XCTAssertTrue(tap.output.contains("at: \"spec/helper.lua:4\""), tap.output)
    }
}
