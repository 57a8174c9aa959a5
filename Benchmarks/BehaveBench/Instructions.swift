import Foundation

/// How `--instructions` counts one side of a figure with valgrind's
/// callgrind, whose counts are the same on every run: unlike times, they
/// compare across runs and machines of a kind.
enum Counting {
    /// This benchmark (a copy without debug information, which valgrind
    /// 3.19 cannot read) run with `--quick --only GROUP` and `arguments`,
    /// `option` set to `size`: only its measured loop is counted (the
    /// benchmark marks it: `baseline_measure`), and over the size is one
    /// operation.
    case bench(group: String, option: String, size: Int, arguments: [String])
    /// A command run at two sizes (`command(size)`), as above.
    case command(sizes: (Int, Int), (Int) -> [String])
    /// A whole command, counted whole (with the processes it starts), run
    /// in `directory` (nil: the benchmark's own), after `prepare`.
    case whole([String], directory: URL? = nil, prepare: (() -> Void)? = nil)
}

/// Counts with callgrind; nil where it cannot.
struct InstructionCounter {
    let valgrind: String
    let bench: String
    let scratch: URL

    init?(scratch: URL, benchBinary: String) {
        guard let valgrind = which("valgrind") else { return nil }
        self.valgrind = valgrind
        self.scratch = scratch
        bench = InstructionCounter.stripped(benchBinary, in: scratch) ?? benchBinary
    }

    /// A copy of `binary` without debug information.
    static func stripped(_ binary: String, in scratch: URL) -> String? {
        let copy = scratch.appendingPathComponent(URL(fileURLWithPath: binary).lastPathComponent + "-stripped").path
        guard let strip = which("strip") ?? which("llvm-strip"),
              FileManager.default.fileExists(atPath: binary),
              (try? FileManager.default.copyItem(atPath: binary, toPath: copy)) != nil,
              commandOutput([strip, "-g", copy]) != nil else { return nil }
        return copy
    }

    /// Instructions of one run of `command`, its child processes included
    /// (`measured`: only its marked loops).
    func total(_ command: [String], directory: URL? = nil, measured: Bool = false) -> Double? {
        guard let output = commandOutput([valgrind, "--tool=callgrind", "--trace-children=yes",
                                          "--callgrind-out-file=/dev/null"] + (measured ? ["--collect-atstart=no"] : [])
                                          + command, directory: directory) else {
            return nil
        }
        // "==1234== Collected : 36199385", once per process
        var sum = 0.0
        var found = false
        for line in output.split(separator: "\n") where line.contains("Collected :") {
            guard let count = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }) else {
                continue
            }
            sum += count
            found = true
        }
        return found ? sum : nil
    }

    /// Instructions per operation (or per whole command) on one side.
    func count(_ counting: Counting, side: String) -> Double? {
        switch counting {
        case .bench(let group, let option, let size, let arguments):
            let command = [bench, "--quick", "--only", group] + (arguments.contains("--side") ? [] : ["--side", side])
                + arguments + [option, String(size)]
            return total(command, measured: true).map { $0 / Double(size) }
        case .command(let sizes, let command):
            return perOperation(sizes, command)
        case .whole(let command, let directory, let prepare):
            prepare?()
            return total(command, directory: directory)
        }
    }

    private func perOperation(_ sizes: (Int, Int), _ command: (Int) -> [String]) -> Double? {
        guard let small = total(command(sizes.0)), let large = total(command(sizes.1)) else { return nil }
        return (large - small) / Double(sizes.1 - sizes.0)
    }
}
