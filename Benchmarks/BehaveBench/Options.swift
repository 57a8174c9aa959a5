import Foundation

/// What `behave-bench` was asked to do (`--help` says it all).
struct Options {
    /// Tiny sizes and one repetition: the test suite checks that it runs.
    var quick = false
    /// One group of figures (nil: all).
    var only: String?
    /// One side of each figure: `behave` or `peer` (for counting one side's
    /// instructions under callgrind).
    var side: String?
    /// Count instructions with callgrind beside the timings.
    var instructions = false
    /// Sizes given on the command line (`--events 2000`), by option.
    var sizes: [String: Int] = [:]

    static let groups = ["event", "property", "instances", "churn", "storm", "cpu", "host", "scale", "cold", "specs",
                         "explore"]
    static let sizeOptions = ["--events", "--operations", "--count", "--cells", "--frames", "--scale", "--scene-size"]

    static let help = """
        behave-bench: Behave's figures beside their peers, measured in one run.

        usage: behave-bench [--quick] [--only GROUP] [--instructions] [--side behave|peer] [SIZE OPTIONS]

        Build it in release first (`swift build -c release`): the cold start and
        the spec runs time the `behave` built beside it. Every figure is a ratio
        to a peer measured in the same run (times move by tens of per cent on a
        shared machine; ratios much less), with the sandbox on.

        options:
          --quick            tiny sizes, one repetition (what `swift test` runs)
          --only GROUP       one group: \(groups.joined(separator: ", "))
          --instructions     also count instructions with valgrind's callgrind
                             (the same on every run and every machine of a kind):
                             each in-process figure runs once more per side
                             under it, only its measured loop counted, over
                             its size; whole commands are counted whole. Needs
                             valgrind; takes several minutes.
          --side SIDE        measure one side only: behave or peer
          --events N, --operations N, --count N, --cells N, --frames N,
          --scale N, --scene-size N
                             the size of a figure (for profiling one side)
          --event-script F   the event figure taps another script's button
          -h, --help         this help

        peers: the raw Lua C API (liblua5.4, a C userdata for a control),
        stock lua5.4, and busted as the system runs it and on lua5.4; each is
        named with its version in the table.
        """

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var i = 0
        func value(_ option: String) -> String {
            i += 1
            guard i < arguments.count else { fail("\(option) needs a value") }
            return arguments[i]
        }
        while i < arguments.count {
            let argument = arguments[i]
            switch argument {
            case "-h", "--help":
                print(help)
                exit(0)
            case "--quick": options.quick = true
            case "--instructions": options.instructions = true
            case "--only":
                let group = value(argument)
                guard groups.contains(group) else { fail("no group \(group); groups: \(groups.joined(separator: ", "))") }
                options.only = group
            case "--side":
                let side = value(argument)
                guard side == "behave" || side == "peer" else { fail("--side is behave or peer, not \(side)") }
                options.side = side
            case "--event-script": options.eventScript = value(argument)
            case _ where sizeOptions.contains(argument):
                let text = value(argument)
                guard let size = Int(text), size > 0 else { fail("\(argument) takes a positive number, not \(text)") }
                options.sizes[argument] = size
            default:
                fail("unknown option \(argument) (see --help)")
            }
            i += 1
        }
        return options
    }

    var eventScript: String?

    func size(_ option: String, quick quickSize: Int, full: Int) -> Int {
        sizes[option] ?? (quick ? quickSize : full)
    }

    func wanted(_ group: String) -> Bool { only == nil || only == group }
    func measures(_ which: String) -> Bool { side == nil || side == which }
    var repetitions: Int { quick ? 1 : 5 }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("behave-bench: \(message)\n".utf8))
    exit(2)
}
