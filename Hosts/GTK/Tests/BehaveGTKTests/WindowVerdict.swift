@testable import BehaveGTK
@testable import BehaveScene
import Foundation

/// Writes `text` as `NAME.ui` in `folder`, beside a scene of one label
/// (`title`) drawn by it, and returns the scene's path and what the window
/// says of the file: its refusal, or nil when it opens. The agreement
/// tests then ask headless of the same scene.
func windowVerdict(on text: String, named name: String, in folder: URL) throws -> (scene: String, told: String?) {
    try Data(text.utf8).write(to: folder.appendingPathComponent("\(name).ui"))
    let scene = folder.appendingPathComponent("\(name).scene.yaml").path
    try "screen: S\nui: \(name).ui\ncontrols:\n  title: { type: Label }\n".write(toFile: scene, atomically: true, encoding: .utf8)
    do {
        _ = try GtkHost(interface: SceneLoader.interfaceFile(of: scene), styles: GtkStyles())
        return (scene, nil)
    } catch {
        return (scene, error.message)
    }
}
