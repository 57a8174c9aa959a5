import BehaveCommandLine
import BehaveCheck
import BehaveCore
import BehaveLua
import Foundation

struct Types: Command {
    static let name = "types"
    static let spec = CommandSpec(
        name: name,
        abstract: "Write lua-language-server annotations of Behave's API, and a class for each script's `self`.",
        discussion: "Put the output in a folder your editor's Lua extension reads (see the README: Editors).",
        parameters: [
            .argument("scripts", help: "Behaviour scripts to describe (their outlets' control types and inspectables' types).",
                      repeatable: true),
            .option("output", short: "o", valueName: "FILE", help: "Write to FILE instead of standard output."),
        ])

    var scripts: [String]
    var output: String?

    init(_ arguments: ParsedArguments) {
        scripts = arguments.strings("scripts")
        output = arguments.string("output")
    }

    func run() -> Int32 {
        failing {
            var described: [(path: String, source: String, declaration: BehaviourDeclaration?)] = []
            for name in scripts {
                guard let path = LuaScript.locate(name) else {
                    throw UsageFailure("\(name): \(LuaScript.notFound(name))")
                }
                let script: LuaScript
                do throws(LuaError) {
                    script = try LuaScript(contentsOf: path)
                } catch {
                    throw UsageFailure(error.message)
                }
                // A script that cannot load still gets its class, without fields.
                let declaration = try? script.declaration()
                if declaration == nil { writeError("\(script.displayName): cannot be loaded (`behave check \(name)` says why); its class has no fields") }
                described.append((script.displayName, String(decoding: script.source, as: UTF8.self), declaration))
            }
            let text = TypeAnnotations.text(scripts: described)
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                    throw UsageFailure("\(output): cannot write the file")
                }
            } else {
                print(text, terminator: "")
            }
            return 0
        }
    }
}
