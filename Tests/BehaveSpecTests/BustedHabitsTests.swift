import Foundation
import XCTest

/// What a busted user reaches for first, through the built tool: code kept
/// at the root of a suite with its specs in `spec/`, `--name` for a spec
/// whose name is full of pattern characters, luassert's `assert.array`,
/// busted's options Behave leaves out, print in a passing spec, a spy put
/// on a behaviour. Each test runs `behave test` in a suite of
/// `Fixtures/.habits`: a hidden folder, because its specs fail on purpose
/// and `behave test` at the checkout's root, which runs every other spec,
/// passes over hidden folders.
final class BustedHabitsTests: XCTestCase {
    func testSceneScriptFindsAScriptOfTheWorkingDirectoryFromASpecInSpec() throws {
        let directory = fixture(".habits/working_directory")
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.output, """
            ERROR spec/counter_spec.lua:8: counter names where it looked: missing.lua: no such script next to the spec \
            (spec/), in the working directory or in the bundled Scripts/; give its path from one of the first two
            1 passed, 0 failed, 1 errored

            """, run.errors)
    }

    func testNameRunsTheSpecOfThatFullNameAsItIsNotAsAPattern() throws {
        let directory = fixture(".habits/name")
        let named = try runBehaveWithErrors(["test", "--name", "parse reads (a) 100%", "--list"], in: directory)
        XCTAssertEqual(named.output, "a_spec.lua:2: parse reads (a) 100%\n", named.errors)
        let two = try runBehaveWithErrors(["test", "--name", "parse reads (a) 100%", "--name", "parse reads a 100"],
                                          in: directory)
        XCTAssertEqual(two.output, "2 passed, 0 failed\n", two.errors)
        // busted's `name` key of `.busted`, which the command line overrides.
        let configured = try runBehaveWithErrors(["test", "--list"], in: directory)
        XCTAssertEqual(configured.output, "a_spec.lua:4: parse reads a 100\n", configured.errors)
        XCTAssertEqual(configured.errors, "", configured.errors)
    }

    func testATagWrittenWithItsHashSelectsAndASelectionOfNothingIsTold() throws {
        let directory = fixture(".habits/tags")
        let hashed = try runBehaveWithErrors(["test", "--tags", "#slow", "--exclude-tags", " #fast"], in: directory)
        XCTAssertEqual(hashed.output, "1 passed, 0 failed\n", hashed.errors)
        XCTAssertEqual(hashed.errors, "")
        let none = try runBehaveWithErrors(["test", "--filter", "^write", "--tags", "slow"], in: directory)
        XCTAssertEqual(none.status, 0, "busted passes a run that chose nothing")
        XCTAssertEqual(none.output, "0 passed, 0 failed\n")
        XCTAssertEqual(none.errors, "behave: warning: no spec was chosen by --filter ^write --tags slow; "
                       + "`behave test --list` without them names every spec, with its #tags\n")
    }

    /// A selection of nothing names its options where they were given: a
    /// config file's are read again on the next run, whatever is typed.
    func testASelectionOfNothingNamesWhereItsOptionsWereGiven() throws {
        let directory = fixture(".habits/nothing_chosen")
        let configured = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(configured.output, "0 passed, 0 failed\n")
        XCTAssertEqual(configured.errors, "behave: warning: no spec was chosen by .busted's `filter` ^write, "
                       + "`exclude-tags` fast; `behave test --list` without them names every spec, with its #tags\n")
        let both = try runBehaveWithErrors(["test", "--filter", "adds"], in: directory)
        XCTAssertEqual(both.errors, "behave: warning: no spec was chosen by --filter adds and .busted's "
                       + "`exclude-tags` fast; `behave test --list` without them names every spec, with its #tags\n")
        let other = try runBehaveWithErrors(["test", "-f", "ci.busted", "--tags", "slow"], in: directory)
        XCTAssertEqual(other.errors, "behave: warning: no spec was chosen by --tags slow and ci.busted's `name` adds; "
                       + "`behave test --list` without them names every spec, with its #tags\n")
    }

    /// error_matches matches the pattern against the message without the
    /// position Lua put at its head; its failure shows that text.
    func testErrorMatchesShowsTheTextItMatched() throws {
        let directory = fixture(".habits/error_matches")
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.output, """
            FAIL match_spec.lua:3: matching fails: expected an error matching the pattern "^full", got "disk full"
            FAIL match_spec.lua:6: matching fails turned around: expected no error matching the pattern "^disk", \
            got "disk full"
            FAIL match_spec.lua:12: matching fails on a table: expected an error matching the pattern "code", got {code = 1}
            1 passed, 3 failed

            """, run.errors)
    }

    func testBustedsOptionsThatBehaveLeavesOutSayWhyAndWhatToDo() throws {
        let directory = fixture(".habits/absent_options")
        let cases = [
            (["-v"], "Unknown option '-v': busted's --verbose is not needed: each failure and error is printed whole"),
            (["--no-verbose"], "Unknown option '--no-verbose': busted's --verbose is not needed"),
            (["--repeat=3"], "Unknown option '--repeat': busted's --repeat has no counterpart"),
            (["-p", "_test"], "Unknown option '-p': spec files are always *_spec.lua; name other files on the command line"),
            (["--lpath", "./?.lua"], "Unknown option '--lpath': specs run in Behave's sandbox, which loads no host code"),
            (["-C", "spec"], "Unknown option '-C': busted's --directory has no counterpart; run `cd DIR && behave test`"),
        ]
        for (arguments, start) in cases {
            let run = try runBehaveWithErrors(["test"] + arguments, in: directory)
            XCTAssertEqual(run.status, 2, run.errors)
            XCTAssertEqual(run.output, "")
            XCTAssertTrue(run.errors.hasPrefix("behave: " + start), run.errors)
            XCTAssertEqual(run.errors.split(separator: "\n").count, 1, run.errors)
        }
        // Behave's own options are never told to be busted's.
        XCTAssertEqual(try runBehaveWithErrors(["test", "-l"], in: directory).output, "a_spec.lua:1: runs\n")
    }

    func testWhatAPassingSpecPrintsIsShownAsBustedShowsIt() throws {
        let directory = fixture(".habits/prints")
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.output, """
            PASS print_spec.lua:2: debugging prints and passes
                | got\t42
            FAIL print_spec.lua:9: debugging prints and fails: expected 42, got 41
                | got\t41
            2 passed, 1 failed

            """, run.errors)
    }

    func testASpyOnABehaviourSaysWhyNotAndWhatToRecord() throws {
        let directory = fixture(".habits/spy")
        let run = try runBehaveWithErrors(["test"], in: directory)
        let reason = "`toggle.toggle` cannot be replaced by a function: the behaviour `toggle` runs in its scene's own Lua "
            + "state, which the spec's spies and stubs do not reach; check what it does instead: "
            + "`s:record(\"toggle.valueChanged\")` fills as it sends that event, `s:record(\"toggle.toggle\")` as the "
            + "action `toggle` reaches it from a connection or a call (not from its own `self:toggle()`), and "
            + "`s.toggle.FIELD` reads its state"
        XCTAssertEqual(run.output, """
            ERROR spy_spec.lua:4: toggle is spied on: \(reason)
            ERROR spy_spec.lua:8: toggle is stubbed: \(reason)
            ERROR spy_spec.lua:17: toggle is given a thread: toggle.duration cannot be a thread
            1 passed, 0 failed, 3 errored

            """, run.errors)
    }

    func testAssertArrayHasNoHolesAsLuassertChecksIt() throws {
        let directory = fixture(".habits/holes")
        let run = try runBehaveWithErrors(["test"], in: directory)
        XCTAssertEqual(run.output, """
            FAIL array_spec.lua:8: array fails at the length given: expected no holes in [1] to [3], but [3] is nil: {1, 2}
            FAIL array_spec.lua:11: array fails without one: expected a hole in [1] to [2], but none is nil: {1, 2}
            ERROR array_spec.lua:14: array needs the array: 'holes' must follow assert.array(t): assert.array(t).has.no.holes()
            1 passed, 2 failed, 1 errored

            """, run.errors)
    }

    /// busted prints a table raised as an error; so does the report, read
    /// raw and bounded whatever the table: no metamethod of it runs (they
    /// would loop or raise here), cycles and nesting stop two levels down,
    /// and a table of any size shows eight entries.
    func testATableRaisedAsAnErrorIsShownRawAndBounded() throws {
        let directory = fixture(".habits/error_tables")
        let run = try runBehaveWithErrors(["test"], in: directory)
        var lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let wide = lines.count > 7 ? lines.remove(at: 7) : ""
        XCTAssertEqual(lines.joined(separator: "\n"), """
            ERROR error_spec.lua:3: raising a code: {code = 42}
            ERROR error_spec.lua:8: raising a cycle: {name = "loop", self = {name = "loop", self = {…}}}
            ERROR error_spec.lua:13: raising a big table: {1, 2, 3, 4, 5, 6, 7, 8, …}
            ERROR error_spec.lua:21: raising keys of every kind: Oops {[1.5] = "a\\0b\\n", ["a b"] = {}, ["end"] = 1, \
            nested = {deeper = {…}}, [true] = 1, [Oops {}] = 3, [function] = 2}
            ERROR error_spec.lua:28: raising a deep one: {{{…}}}
            ERROR error_spec.lua:31: raising long text: {"\(String(repeating: "é", count: 30))…", \
            ["\(String(repeating: "x", count: 60))…"] = 1}
            ERROR error_spec.lua:34: raising nothing: (error object is a nil value)
            ERROR error_spec.lua:46: raising bytes that are not UTF-8: {"\\xE0\\x80\\x80", "\\xED\\xA0\\x80", \
            "\\xF4\\x90\\x80\\x80", "\\xF0\\x80\\x80\\x80", "é"}
            1 passed, 0 failed, 9 errored

            """, run.errors)
        XCTAssertTrue(wide.hasPrefix("ERROR error_spec.lua:42: raising a wide one: {{\"zzz"), wide)
        XCTAssertTrue(wide.hasSuffix("z…"), wide)
        XCTAssertLessThan(wide.utf8.count, 460, wide)
    }
}
