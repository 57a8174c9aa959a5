import ArgumentParser
import BehaveCore
import BehaveLua

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",  // named here, not found by reflection at every start
        abstract: "List a script's outlets, inspectables, events, actions and capabilities, without running its handlers.")

    @Argument(help: "A behaviour script.")
    var script: String

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try failing {
            guard let path = LuaScript.locate(script) else {
                throw UsageFailure("\(script): no such script here or in the bundled Scripts/")
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
