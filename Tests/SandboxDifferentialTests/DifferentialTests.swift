import Foundation
import XCTest

/// The sandbox's library functions (its own: pattern matching, string.rep,
/// the table functions, xpcall, coroutine.close, math.randomseed,
/// setmetatable; and Lua's behind its fronts: utf8, coroutine) and the
/// metamethods it dispatches, against stock Lua 5.4, on thousands of
/// generated cases, in a behaviour's sandbox and in a spec file's: both
/// sides run the same generator and serializer (Lua/), and every case's
/// outcome must be the same, except where Lua/policy.lua says the sandbox
/// differs on purpose.
final class DifferentialTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Lua")

    /// BEHAVE_DIFF_SEED and BEHAVE_DIFF_CASES explore other or more cases;
    /// CI runs the defaults.
    static var seed: Int { environmentInteger("BEHAVE_DIFF_SEED") ?? 20_240_611 }
    static var randomCases: Int { environmentInteger("BEHAVE_DIFF_CASES") ?? 10_000 }

    /// Divergences written out in full in the failure message; the rest are
    /// counted by family (and all are in the report file).
    static let shownDivergences = 60

    func testTheSandboxBehavesAsStockLuaOnGeneratedCases() throws {
        try compare(mode: .behaviour)
    }

    /// The same in a spec file's sandbox, whose metatables are live.
    func testASpecFilesSandboxBehavesAsStockLuaOnGeneratedCases() throws {
        try compare(mode: .spec)
    }

    private func compare(mode: SandboxSide.Mode) throws {
        let sandbox = try SandboxSide(directory: Self.directory, mode: mode)
        let total = try sandbox.fixedCount() + Self.randomCases
        XCTAssertGreaterThanOrEqual(total, 5_000, "thousands of cases")

        let output = FileManager.default.temporaryDirectory.appendingPathComponent("behave-stock-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let stock = try StockLua.start(directory: Self.directory, ["cases", "\(Self.seed)", "\(total)", mode.rawValue],
                                       output: output)
        // Stock Lua works on the other core meanwhile.
        let ours = (1...total).map { sandbox.line(seed: Self.seed, index: $0) }
        let theirs = try StockLua.lines(of: stock, output: output)

        var divergences: [Divergence] = []
        for index in 1...total {
            let (line, source) = ours[index - 1]
            let stockLine = theirs[index] ?? "(no line from lua5.4)"
            if line != stockLine {
                divergences.append(Divergence(index: index, stock: CaseLine(stockLine), sandbox: CaseLine(line),
                                              sandboxSource: source))
            }
        }
        XCTAssertEqual(theirs.count, total, "lua5.4 ran every case")
        // The generator writes valid Lua, and cases both succeed and fail.
        let stockOutcomes = theirs.values.map { CaseLine($0).outcome }
        let unparsed = theirs.filter { CaseLine($0.value).outcome.hasPrefix("compile error") }.keys.sorted()
        XCTAssertEqual(unparsed, [], "generated cases that do not compile")
        let succeeded = stockOutcomes.filter { $0.hasPrefix("ok") }.count
        XCTAssertGreaterThan(succeeded, total / 2, "most cases succeed")
        XCTAssertGreaterThan(total - succeeded, total / 10, "many cases raise")
        guard !divergences.isEmpty else { return }

        let report = divergences.map(\.description).joined(separator: "\n")
        let reportFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("behave-differential-\(mode.rawValue)-\(Self.seed).txt")
        try? Data(report.utf8).write(to: reportFile)
        var families: [String: Int] = [:]
        for divergence in divergences { families[divergence.family, default: 0] += 1 }
        let counts = families.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        let shown = divergences.prefix(Self.shownDivergences).map(\.description).joined(separator: "\n")
        XCTFail("""
            \(divergences.count) of \(total) cases (seed \(Self.seed), \(mode.rawValue) sandbox) differ from lua5.4 \
            — by family: \(counts).
            All of them: \(reportFile.path). The first \(min(divergences.count, Self.shownDivergences)):
            \(shown)
            """)
    }
}

/// One generated case's line: "FAMILY<tab>QUOTED SOURCE<tab>OUTCOME".
struct CaseLine {
    let raw: String
    let family: String
    let source: String
    let outcome: String

    init(_ raw: String) {
        self.raw = raw
        let fields = raw.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        if fields.count == 3 {
            family = fields[0]
            source = luaUnquoted(fields[1])
            outcome = fields[2]
        } else {
            family = "?"
            source = ""
            outcome = raw
        }
    }
}

struct Divergence: CustomStringConvertible {
    let index: Int
    let stock: CaseLine
    let sandbox: CaseLine
    let sandboxSource: String?

    var family: String { stock.family }

    var description: String {
        var text = "case \(index) (\(family)):\n"
        text += stock.source.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        if let sandboxSource, sandboxSource != stock.source {
            text += "\n  generated differently in the sandbox:\n    " + sandboxSource
        }
        text += "\n  lua5.4:  " + clipped(stock.outcome)
        text += "\n  sandbox: " + clipped(sandbox.outcome) + "\n"
        return text
    }

    private func clipped(_ text: String) -> String {
        text.count <= 600 ? text : String(text.prefix(600)) + " … (\(text.count) characters)"
    }
}

/// The bytes of a literal written by text.quote (Lua/text.lua), as text.
func luaUnquoted(_ quoted: String) -> String {
    var bytes: [UInt8] = []
    var input = Array(quoted.utf8)
    if input.first == UInt8(ascii: "\""), input.last == UInt8(ascii: "\""), input.count >= 2 {
        input = Array(input[1..<(input.count - 1)])
    }
    var i = 0
    while i < input.count {
        let byte = input[i]
        if byte == UInt8(ascii: "\\"), i + 1 < input.count {
            let digits = input[(i + 1)...].prefix(3)
            if digits.count == 3, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }),
               let value = UInt8(String(decoding: digits, as: UTF8.self)) {
                bytes.append(value)
                i += 4
            } else {
                bytes.append(input[i + 1])
                i += 2
            }
        } else {
            bytes.append(byte)
            i += 1
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}

func environmentInteger(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
}
