import BehaveGTK
import Foundation

// behave-window SCENE.yaml | SCRIPT.lua [--set NAME=VALUE]... [--do COMMAND]... [--print-geometry]
// What `behave window` runs (it passes its arguments on).
let usage = "usage: behave window SCENE.yaml | SCRIPT.lua [--set NAME=VALUE]... [--do COMMAND]... [--print-geometry]"
var arguments = CommandLine.arguments.dropFirst()
var file: String?
var options = GtkWindowHost.Options(file: "")
while let argument = arguments.popFirst() {
    switch argument {
    case "--set", "--do":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("behave window: \(argument) needs a value\n\(usage)\n".utf8))
            exit(2)
        }
        if argument == "--set" { options.settings.append(value) } else { options.commands.append(value) }
    case "--print-geometry":
        options.printGeometry = true
    case "-h", "--help":
        print("""
            \(usage)

            Opens the scene (or a script's default scene) on real GTK widgets: controls at
            their frames, or the widgets of the scene's `ui:` file by id; the clock at wall
            speed; the trace on standard output, commands on standard input as behave run
            takes them. Saving a file the scene uses loads it again. Ctrl+W, Ctrl+Q, closing
            the window, Ctrl-C or SIGTERM end the scene (its behaviours are destroyed).
            Exit status: 0; 1 when a script raised an error in any scene it ran (before a
            reload too); 2 when the scene does not load or there is no display.

              --set NAME=VALUE    set an inspectable before the behaviours wake, as
                                  behave run does (of a scene file: OBJECT.NAME=VALUE)
              --do COMMAND        run a command before the window shows (repeatable)
              --print-geometry    print each control's place once the window shows
                                  (`geometry NAME X Y WIDTH HEIGHT`, in the window's
                                  pixels), for tools that click it (xdotool)
            """)
        exit(0)
    default:
        guard !argument.hasPrefix("-"), file == nil else {
            FileHandle.standardError.write(Data("behave window: unknown option `\(argument)`\n\(usage)\n".utf8))
            exit(2)
        }
        file = argument
    }
}
guard let file else {
    FileHandle.standardError.write(Data("behave window: which scene or script?\n\(usage)\n".utf8))
    exit(2)
}
options.file = file
exit(GtkWindowHost.run(options))
