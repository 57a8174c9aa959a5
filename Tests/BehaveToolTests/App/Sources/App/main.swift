import BehaveCore
import BehaveLua
import BehaveScene
import Foundation

// An app's use of Behave: a scene file loaded, its button tapped as a user
// would, what happened printed as `behave run` prints it.
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: App SCENE.yaml\n".utf8))
    exit(2)
}
do {
    let loaded = try SceneLoader.load(file: CommandLine.arguments[1])  // keep it while the scene runs
    loaded.scene.control(named: "button")?.tap()
    for entry in loaded.scene.trace.entries { print(entry.line) }
    // Which script a behaviour runs, as a host reads it.
    if let toggle = loaded.scene.behaviour(named: "toggle") as? LuaBehaviour {
        print("toggle runs \(toggle.script.displayName)")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
