import BehaveCommandLine
import BehaveGTK
import Foundation

// What `behave window` runs, with the arguments `behave` read and checked:
// the same command line (`WindowCommandLine`), read again here. Run
// directly, it answers `--help` and `--version` as `behave window` does.
var spec = WindowCommandLine.spec
spec.version = BehaveVersion.current
do throws(ArgumentError) {
    switch try ArgumentReader.read(Array(CommandLine.arguments.dropFirst()), root: spec) {
    case .help:
        print(HelpWriter.text(for: spec, version: true), terminator: "")
        exit(0)
    case .version(let version):
        print(version)
        exit(0)
    case .run(_, let arguments):
        let limits = try LimitOptions(arguments)
        var options = GtkWindowHost.Options(file: arguments.string("file") ?? "")
        options.settings = arguments.strings("set")
        options.commands = arguments.strings("do")
        options.images = arguments.string("images")
        options.limits = limits.sandboxLimits
        options.printGeometry = arguments.flag("print-geometry")
        options.printFrames = arguments.flag("print-frames")
        exit(GtkWindowHost.run(options))
    }
} catch {
    FileHandle.standardError.write(Data((error.usageLine(command: spec.qualifiedName) + "\n").utf8))
    exit(2)
}
