import BehaveCore
@testable import BehaveLua
import CLuaShim
import Foundation
import XCTest

/// The memory limit is final, as the instruction and time limits are: once
/// it refuses a script for good, the script stops, whatever `pcall`,
/// `xpcall` or coroutine it is in, and the error names the line that asked.
final class MemoryLimitTests: XCTestCase {
    /// The scripts these tests run, in Memory/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Memory")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    static let limits = SandboxLimits(memory: 8 << 20, instructions: 50_000_000, seconds: 10)

    /// Runs `Probe:go` of the script `source` and returns the errors it
    /// ended with and the button's title after it. A callback that counts
    /// past the instructions after which the watchdog starts runs first
    /// (Memory/warm.lua): the script then runs with no hook at all, the
    /// case where nothing looked at the limit again.
    func run(_ source: String) throws -> (errors: [String], title: String) {
        let test = try TestScene(limits: Self.limits)
        let button = test.control(Button.self, "button")
        let warm = try test.behaviour("warm", source: self.source("warm.lua"))
        warm.performAction("go", sender: button, arguments: [])
        let probe = try test.behaviour("probe", source: source, outlets: ["button": button])
        #if os(Linux)
        XCTAssertTrue(test.runtime.countsInstructionsByWindows)
        #endif
        probe.performAction("go", sender: button, arguments: [])
        return (test.errors, button.title)
    }

    /// Runs `source` and checks that it stopped at the memory limit, named
    /// at `line`, before it set the button's title.
    func assertStopped(at line: Int, running source: String, file: StaticString = #filePath, line testLine: UInt = #line) throws {
        let (errors, title) = try run(source)
        XCTAssertEqual(title, "", "the script went on after the memory limit", file: file, line: testLine)
        XCTAssertEqual(errors.count, 1, "\(errors)", file: file, line: testLine)
        XCTAssertTrue(errors.first?.contains("probe.lua:\(line): memory limit exceeded (8192 KiB)") == true, "\(errors)",
                      file: file, line: testLine)
    }

    /// A script that catches "not enough memory" and then allocates nothing
    /// more used to go on: here it would count and set the button's title.
    func testAPcallDoesNotSwallowTheMemoryLimit() throws {
        try assertStopped(at: 5, running: source("pcall.lua"))
    }

    /// The same under xpcall, with a message handler of the script's own.
    func testAnXpcallDoesNotSwallowTheMemoryLimit() throws {
        try assertStopped(at: 5, running: source("xpcall.lua"))
    }

    /// Inside a coroutine: neither the coroutine's pcall, nor the
    /// coroutine's end, nor a pcall around its resumption swallows it.
    func testACoroutineDoesNotSwallowTheMemoryLimit() throws {
        try assertStopped(at: 7, running: source("coroutine.lua"))
    }

    /// A library function called through `pcall` (two C frames above the
    /// script's line: the function, then pcall) is refused at the line
    /// that called pcall, not at the line after it where the hook stopped
    /// the script.
    func testARefusalThroughPcallNamesTheLineThatCalledIt() throws {
        try assertStopped(at: 4, running: source("pcall_string_rep.lua"))
        try assertStopped(at: 5, running: source("pcall_table_concat.lua"))
    }

    /// A library's buffer (`string.rep`'s) is refused while the garbage
    /// the script left is not collected yet: Lua collects and asks again
    /// for its own requests, never for a buffer. The script never holds
    /// more than about 6 MiB of the 8 (3 kept, and a buffer and the
    /// string made from it), so it is not stopped: it used to be, at the
    /// `string.rep`.
    func testGarbageAwaitingCollectionDoesNotStopAScript() throws {
        let (errors, title) = try run(source("garbage_awaiting_collection.lua"))
        XCTAssertEqual(errors, [])
        XCTAssertEqual(title, "made 194400000 with 3")
    }

    /// The same for Lua's own library functions and the growing buffers
    /// of `table.concat` and `string.gsub`: each collects first when the
    /// buffer it is about to ask for would not fit beside the garbage.
    /// Plain calls (no `pcall`): any of them refused would end the
    /// callback, as if the script held more than the limit.
    func testGarbageAwaitingCollectionDoesNotStopLibraryFunctions() throws {
        for call in ["string.upper(big)", "string.format(\"%s\", big)", "table.concat({big, \".\"})",
                     "(string.gsub(big, \"^x\", \"y\"))"] {
            let (errors, title) = try runBesideGarbage(call)
            XCTAssertEqual(errors, [], call)
            XCTAssertEqual(title, "made \(454 * (call.hasPrefix("table") ? 1_200_001 : 1_200_000)) with 3", call)
        }
    }

    /// Runs `call` (an expression of `big`, 1.2 MB of "x", and of what
    /// `setup` makes) 454 times while the script holds over 4 MB of 8 and
    /// leaves garbage, and returns the errors and the total length made.
    func runBesideGarbage(_ call: String, setup: String = "") throws -> (errors: [String], title: String) {
        try run(script("""
            function Probe:go()
              local keep = {}
              for i = 1, 3 do keep[i] = string.rep(tostring(i), 1000000) end
              local piece = string.rep("z", 50000)
              local big = string.rep("x", 1200000)
              \(setup)
              local call = function() return \(call) end
              local made = 0
              for every = 3, 11 do
                for i = 1, 300 do
                  local garbage = piece .. i
                  if i % every == 0 then made = made + #call() end
                end
              end
              self.button.title = "made " .. made .. " with " .. #keep
            end
            """))
    }

    /// The other library functions that fill a library's buffer: each
    /// makes room first too, for as much as its buffer may grow to (a
    /// `string.format` conversion with a width, `%q`'s escapes, a packed
    /// string's padding). Each used to stop the script now and then.
    func testGarbageAwaitingCollectionDoesNotStopOtherLibraryBuffers() throws {
        let codes = "local codes = {}; for i = 1, 30000 do codes[i] = 65 + i % 26 end"
        for (call, setup, each) in [("string.char(table.unpack(codes))", codes, 30000),
                                    ("utf8.char(table.unpack(codes))", codes, 30000),
                                    ("string.pack(\"s4\", big)", "", 1_200_004),
                                    ("string.pack(\"c900000\", \"a\")", "", 900_000),
                                    ("string.format(\"%q\", lines)", "local lines = string.rep(\"\\nxx\", 100000)", 400_002),
                                    ("string.format(string.rep(\"%99d\", 3000), table.unpack(codes, 1, 3000))", codes, 297_000)] {
            let (errors, title) = try runBesideGarbage(call, setup: setup)
            XCTAssertEqual(errors, [], call)
            XCTAssertEqual(title, "made \(454 * each) with 3", call)
        }
    }

    /// `string.format`'s `%s` of a value whose `__tostring` gives a long
    /// string: its buffer grows to that string, which only the call
    /// learns. With a width (`%-3s`, a string past 99 bytes kept whole),
    /// after another conversion, and with a table shown beside it. Each
    /// used to stop the script now and then.
    func testGarbageAwaitingCollectionDoesNotStopFormatOfATostring() throws {
        let shown = "local shown = setmetatable({}, { __tostring = function() return big end })"
        for (call, each) in [("string.format(\"%s\", shown)", 1_200_000),
                             ("string.format(\"%-3s|\", shown)", 1_200_001),
                             ("string.format(\"%d %5.1f %s\", 7, 2.5, shown)", 1_200_008),
                             ("(string.format(\"%s%s\", shown, {}):gsub(\"table: .*\", \"\"))", 1_200_000)] {
            let (errors, title) = try runBesideGarbage(call, setup: shown)
            XCTAssertEqual(errors, [], call)
            XCTAssertEqual(title, "made \(454 * each) with 3", call)
        }
    }

    /// A call whose buffer's bound does not fit (a `string.format` of a
    /// string larger than what is free) collects each time: the collection
    /// is charged to the callback's instructions, so a loop of them ends
    /// within its budget. Each used to cost a collection and a few
    /// instructions: a budget of 300,000 ran some 75,000 collections (with
    /// a large heap, minutes under a long time limit).
    func testCollectionsForRoomAreChargedToTheBudget() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 8 << 20, instructions: 300_000, seconds: 600))
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source("collections_for_room.lua"), outlets: ["button": button])
        probe.performAction("go", sender: button, arguments: [])
        probe.performAction("report", sender: button, arguments: [])
        XCTAssertEqual(test.errors.count, 1, "\(test.errors)")
        XCTAssertTrue(test.errors.first?.contains("instruction budget exceeded") == true, "\(test.errors)")
        let calls = Int(button.title) ?? -1
        XCTAssertGreaterThan(calls, 0)
        XCTAssertLessThan(calls, 1000, "collections charged nothing")
    }

    /// A script's own `error("not enough memory", 0)` is the script's
    /// error, reported as any error it raises with no position is (its
    /// text, and its line in the traceback): Lua raises that very string
    /// as a memory error, which used to be reported as the memory limit.
    func testAScriptsOwnNotEnoughMemoryIsItsError() throws {
        // Memory/own_error_message.lua, raising `message` at its line 5.
        let raising = try source("own_error_message.lua")
        func report(_ message: String) throws -> (errors: [String], title: String) {
            try run(raising.replacingOccurrences(of: #"error("not enough memory", 0)"#, with: #"error("\#(message)", 0)"#))
        }
        let (errors, title) = try report("not enough memory")
        let (others, _) = try report("out of paper")
        XCTAssertEqual(title, "not enough memory")
        XCTAssertEqual(others.count, 1, "\(others)")
        XCTAssertTrue(others.first?.contains("out of paper\nstack traceback:") == true, "\(others)")
        XCTAssertTrue(others.first?.contains("probe.lua:5: in function") == true, "\(others)")
        XCTAssertEqual(errors, others.map { $0.replacingOccurrences(of: "out of paper", with: "not enough memory") })
    }

    /// The same passed on by `coroutine.wrap` (which, as Lua's, puts no
    /// position in front of a memory error), and raised as a script is
    /// read, outside any callback.
    func testAScriptsOwnNotEnoughMemoryInACoroutineOrAtTopLevelIsItsError() throws {
        let (errors, title) = try run(source("own_not_enough_memory_in_coroutine.lua"))
        XCTAssertEqual(title, "")
        XCTAssertEqual(errors.count, 1, "\(errors)")
        XCTAssertTrue(errors.first?.contains("): not enough memory\nstack traceback:") == true, "\(errors)")
        XCTAssertTrue(errors.first?.contains("probe.lua:6: in function") == true, "\(errors)")

        let test = try TestScene(limits: Self.limits)
        XCTAssertThrowsError(try test.behaviour("probe", source: script("error(\"not enough memory\", 0)"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("probe.lua:2: not enough memory"), text)
            XCTAssertFalse(text.contains("memory limit"), text)
        }
    }

    /// `assert` raises its message as `error` does, and from C (a comparator
    /// of `table.sort`) with no position: its own "not enough memory" is the
    /// script's too, at the line of the call, never at the line of a refusal
    /// that the collection made good earlier (which the report used to name).
    func testAScriptsOwnNotEnoughMemoryFromAssertIsAtItsLine() throws {
        let test = try TestScene(limits: Self.limits)
        XCTAssertThrowsError(try test.behaviour("probe", source: source("assert_not_enough_memory.lua"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("probe.lua:6: not enough memory"), text)
            XCTAssertFalse(text.contains("probe.lua:3:"), "a refusal made good: \(text)")
            XCTAssertFalse(text.contains("memory limit"), text)
        }
    }

    /// The other way round: the limit itself, raised with no pcall and
    /// in a coroutine, is still the limit, at the line that asked.
    func testARealRefusalIsStillTheLimitAtItsLine() throws {
        try assertStopped(at: 3, running: source("string_rep_limit.lua"))
        try assertStopped(at: 4, running: source("string_rep_limit_in_coroutine.lua"))
    }

    /// The stop ends the callback only: the behaviour's next action and its
    /// destroy run, and the state, closed and made again for the next
    /// runtime on this thread, runs scripts as a fresh one does.
    func testAStateTheMemoryLimitStoppedStaysUsable() throws {
        // A state closed first waits on this thread: the scene's is made
        // again from a copy, and goes back to wait when it closes.
        try LuaRuntime(scene: Scene(screen: "primer"), limits: Self.limits).close()
        let test = try TestScene(limits: Self.limits)
        XCTAssertNotNil(bh_reused(test.runtime.L), "the state was not made again")
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source("stopped_state.lua"), outlets: ["button": button])
        probe.performAction("go", sender: button, arguments: [])
        XCTAssertEqual(button.title, "")
        XCTAssertEqual(test.errors.count, 1, "\(test.errors)")
        XCTAssertTrue(test.errors.first?.contains("probe.lua:5: memory limit exceeded (8192 KiB)") == true, "\(test.errors)")
        probe.performAction("again", sender: button, arguments: [])
        XCTAssertEqual(button.title, "again zzz")
        test.scene.dismiss()
        XCTAssertEqual(button.title, "destroyed")
        XCTAssertEqual(test.errors.count, 1, "\(test.errors)")
        test.runtime.close()

        let next = try TestScene(limits: Self.limits)
        XCTAssertNotNil(bh_reused(next.runtime.L), "the stopped state was not made again")
        let other = next.control(Button.self, "button")
        let fresh = try next.behaviour("probe", source: source("stopped_state_fresh.lua"), outlets: ["button": other])
        fresh.performAction("go", sender: other, arguments: [])
        XCTAssertEqual(next.errors, [])
        XCTAssertEqual(other.title, "ran 100000")
    }

    /// A script too large to compile within the limit is refused naming
    /// the file, as a syntax error would be: the message was the limit's
    /// alone ("memory limit exceeded (256 KiB)"), with no file or line.
    func testAScriptTooLargeToCompileIsNamed() throws {
        let test = try TestScene(limits: SandboxLimits(memory: 256 << 10, instructions: 50_000_000, seconds: 10))
        var source = "local T = behaviour { name = \"Big\" }\nlocal big = {\n"
        for i in 0..<20_000 { source += "  { \(i), \"s\(i)\", \(i).5 },\n" }
        source += "}\nreturn T\n"
        XCTAssertThrowsError(try test.behaviour("big", source: source, file: "big.lua")) { error in
            let message = (error as? LuaError)?.message ?? "\(error)"
            XCTAssertTrue(message.hasPrefix("big.lua: memory limit exceeded (256 KiB) while compiling it"), message)
        }
    }

    /// Behaviours attached under every limit from just below what a new
    /// state holds to a few hundred KiB above it (one limit every 173
    /// bytes), so that the limit runs out at each step of making one: its
    /// compile, its top level, its `self` and mirror (the host's, made in
    /// C), its `awake`, then its handlers, delegate and timer. Each ends
    /// in the limit's error at the script's place, nothing half-made
    /// answers, and the scene's state reads and dismisses.
    func testAttachingUnderEveryLimitEndsInTheLimitsErrorAtTheScriptsPlace() throws {
        let fresh = try TestScene(limits: Self.limits)
        let base = Int(bh_memory_used(fresh.runtime.L))
        fresh.runtime.close()
        let sweep = try source("sweep.lua")
        let limitsError = try Regex(#"^sweep\.lua(:\d+)?: memory limit exceeded \(\d+ KiB\)"#)
        let atTheLine = try Regex(#"\): sweep\.lua:\d+: (on: |after: )?memory limit exceeded \(\d+ KiB\)"#)
        var attached = 0, refused = 0
        for extra in stride(from: -4_000, to: 200_000, by: 173) {
            // The instruction budget bounds each script; the time limit is
            // not what is tested, and a collection at each allocation near
            // the limit took a second on a loaded machine.
            guard let test = try? TestScene(limits: SandboxLimits(memory: base + extra, instructions: 1_000_000, seconds: 60)) else { continue }
            for i in 0..<4 {
                let button = test.control(Button.self, "b\(i)")
                let scroll = test.control(ScrollView.self, "s\(i)")
                do {
                    let made = try test.behaviour("t\(i)", source: sweep, file: "sweep.lua",
                                                  outlets: ["button": button, "scroll": scroll])
                    attached += 1
                    button.tap()
                    scroll.scroll(toY: 5)
                    _ = test.field("kept", of: made)
                } catch {
                    refused += 1
                    let message = (error as? LuaError)?.message ?? "\(error)"
                    XCTAssertNotNil(message.firstMatch(of: limitsError), "limit \(base + extra): \(message)")
                    XCTAssertNil(test.scene.behaviour(named: "t\(i)"), "a behaviour that was not made answers")
                }
            }
            test.scene.clock.advance(by: 2)
            // (`on` and `after` say their own limit's error, at the line)
            for error in test.errors {
                XCTAssertNotNil(error.firstMatch(of: atTheLine), "limit \(base + extra): \(error)")
            }
            test.scene.dismiss()
            test.runtime.close()
        }
        XCTAssertGreaterThan(attached, 100)
        XCTAssertGreaterThan(refused, 100)
    }
}
