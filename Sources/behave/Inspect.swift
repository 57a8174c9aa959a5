import BehaveCommandLine
import BehaveCore
import BehaveLua
import BehaveScene

struct Inspect: Command {
    static let name = "inspect"
    static let spec = CommandSpec(
        name: name,
        abstract: "List a script's outlets, inspectables, events, actions and capabilities, without running its handlers.",
        parameters: [
            .argument("script", help: "A behaviour script."),
            .flag("json", help: "Print JSON."),
        ])

    var script: String
    var json: Bool

    init(_ arguments: ParsedArguments) {
        script = arguments.string("script") ?? ""
        json = arguments.flag("json")
    }

    func run() -> Int32 {
        failing {
            if Checker.isScene(script) {
                throw UsageFailure("\(script): `behave inspect` reads a behaviour script (.lua), and this is a scene file; inspect a script its `behaviours:` name, or check the scene with `behave check \(script)`")
            }
            guard let path = LuaScript.locate(script) else {
                throw UsageFailure("\(script): \(LuaScript.notFound(script))")
            }
            let declaration: BehaviourDeclaration
            do throws(LuaError) {
                declaration = try LuaScript(contentsOf: path).declaration()
            } catch {
                throw UsageFailure(error.message)
            }
            print(json ? declaration.json.text : declaration.inspectorText)
            return 0
        }
    }
}
