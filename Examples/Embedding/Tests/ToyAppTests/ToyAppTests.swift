import BehaveCore
import BehaveLua
import BehaveScene
import Foundation
import Testing
@testable import ToyApp

/// The toy app, through Behave's public API only: its widgets and its own
/// `Knob` type are driven by Lua behaviours, it hears each change once, and
/// closing the window destroys the behaviours.
@Suite struct ToyAppTests {
    @Test func aShortSession() throws {
        let lines = try ToyApp.run()
        let text = lines.joined(separator: "\n")
        // The scene's values reached the widgets when bound; awake's too.
        #expect(lines.contains("window like: [toggle-off Like] α1.0  volume: (knob 25%) α1.0  level: \"Volume 25%\" α1.0"), "\(text)")
        // The toggle fades at wall speed: mid-fade the button is transparent.
        let midFade = try #require(lines.first { $0.hasPrefix("mid-fade") })
        #expect(!midFade.contains("like: [toggle-off Like] α1.0"), "\(midFade)")
        #expect(lines.contains { $0.hasPrefix("after the fade") && $0.contains("like: [toggle-on Like] α1.0") }, "\(text)")
        // Each change is heard once, with its source.
        #expect(lines.filter { $0 == "change like.image: toggle-off → toggle-on (script)" }.count == 1, "\(text)")
        #expect(lines.filter { $0.hasPrefix("change like.alpha:") }.map { $0.hasSuffix("(animation)") } == [true, true], "\(text)")
        // The app's own widget drives its own type: the user's turn, then the behaviour's label.
        #expect(lines.contains("change volume.value: 0.25 → 0.75 (user)"), "\(text)")
        #expect(lines.contains(#"change level.text: "Volume 25%" → "Volume 75%" (script)"#), "\(text)")
        #expect(lines.contains { $0.hasPrefix("window") && $0.contains("volume: (knob 75%)") && $0.contains("\"Volume 75%\"") }, "\(text)")
        // The app's own functions, called by its behaviour at full volume; a table
        // reaches the app as JSON, and the call knows its scene.
        #expect(lines.contains(#"device vibrated ["heavy"]"#), "\(text)")
        #expect(lines.contains(#"analytics tracked ["volumeMaxed {\"value\":1} on Toy"]"#), "\(text)")
        // The action the behaviour sent the screen, heard by the app with its sender and arguments.
        #expect(lines.contains("app hears volumeMaxed from meter: 1.0"), "\(text)")
        // Closing the window destroys every behaviour; `destroy` ran.
        #expect(lines.contains("trace [meter] volume behaviour destroyed"), "\(text)")
        #expect(lines.last == "behaviours: toggle destroyed, meter destroyed", "\(text)")
    }

    @Test func removingTheKnobsWidgetDestroysTheBehaviourItOwns() throws {
        let app = ToyApp()
        try app.open()
        let scene = try #require(app.loaded?.scene)
        #expect(scene.record(named: "meter")?.isAlive == true)
        // The widget goes (the toolkit releases it): its binding, its
        // control and the behaviour the control owns go with it.
        app.window.removeWidget("volume")
        #expect(scene.record(named: "meter")?.isAlive == false)
        #expect(scene.control(named: "volume") == nil)
        #expect(scene.record(named: "toggle")?.isAlive == true, "the screen's behaviour lives on")
        app.close()
    }

    /// The app takes its scene through the command language from Swift,
    /// as at the prompt, and moves its clock itself, one command a step,
    /// as a host whose clock is not the wall's does (Docs/embedding.md).
    @Test func theCommandLanguageAndAFixedStepFromSwift() throws {
        let app = ToyApp()
        try app.open()
        let scene = try #require(app.loaded?.scene)
        scene.control(named: "like")?.tap()                                   // as `tap like`
        try scene.execute(try SceneCommand.parse("set volume.value 0.5")!)    // any command line
        #expect(app.drawing.contains("volume: (knob 50%) α1.0"), "\(app.drawing)")
        #expect(!app.drawing.contains("like: [toggle-on Like] α1.0"), "mid-fade: \(app.drawing)")
        for _ in 0..<30 {
            scene.perform { scene.clock.advance(by: 1.0 / 60) }
        }
        #expect(app.drawing.contains("like: [toggle-on Like] α1.0"), "after the fade: \(app.drawing)")
        app.close()
    }

    /// A scene being edited is loaded again when saved, onto the same
    /// widgets; a save with a mistake leaves the last good scene running.
    @Test func aSavedSceneIsLoadedAgainOntoTheSameWidgets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toyapp-reload-\(UUID().uuidString)")
        let original = try #require(ToyApp.sceneFolder)
        try FileManager.default.copyItem(at: original, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("app.scene.yaml")
        let app = ToyApp()
        try app.open(scenePath: scene.path)
        app.reloadIfSaved()
        #expect(app.drawing.contains("level: \"Volume 25%\""), "nothing saved, nothing reloaded: \(app.drawing)")

        var text = try String(contentsOf: scene, encoding: .utf8)
        text = text.replacingOccurrences(of: "outlets: { knob: volume, label: level }",
                                         with: "outlets: { knob: volume, label: level }\n    inspectables: { prefix: Level }")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        app.reloadIfSaved()
        #expect(app.lines.contains("trace [meter] volume behaviour destroyed"), "the old scene is dismissed: \(app.lines)")
        #expect(app.drawing.contains("level: \"Level 25%\""), "\(app.drawing)")
        app.turn("volume", to: 0.5)
        #expect(app.drawing.contains("level: \"Level 50%\""), "the widgets are bound to the new scene: \(app.drawing)")

        try text.replacingOccurrences(of: "type: Knob", with: "type: Dial").write(to: scene, atomically: true, encoding: .utf8)
        app.reloadIfSaved()
        let refusal = try #require(app.lines.last { $0.hasPrefix("reload refused:") }, "\(app.lines)")
        #expect(refusal.contains("app.scene.yaml:"), "\(refusal)")
        app.turn("volume", to: 0.75)
        #expect(app.drawing.contains("level: \"Level 75%\""), "the last good scene runs on: \(app.drawing)")
        app.close()
    }

    /// Calls of the app's functions that do not fit its signatures are
    /// errors at the script's line, in the words Docs/app-functions.md
    /// shows: its block marked `checked by:` this file is what this app prints.
    @Test func callsThatDoNotFitAreTheErrorsTheDocsShow() throws {
        try AppModule.registerAppModules()
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let loaded = try SceneLoader.load(file: here.appendingPathComponent("Mistakes/feedback.scene.yaml").path)
        loaded.scene.perform { loaded.scene.clock.advance(by: 0.1) }
        let printed = loaded.scene.trace.entries.compactMap(\.error).map { error in
            "\(URL(fileURLWithPath: error.file ?? "?").lastPathComponent):\(error.line ?? 0): \(error.explanation)"
        }
        loaded.scene.dismiss()

        let checkout = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: checkout.appendingPathComponent("Docs/app-functions.md"), encoding: .utf8)
        let rows = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let mark = try #require(rows.firstIndex { $0.hasPrefix("<!-- checked by: Examples/Embedding/Tests/ToyAppTests/ToyAppTests.swift") })
        let shown = rows[(mark + 2)...].prefix { $0 != "```" }
        #expect(Array(shown) == printed, "the page shows:\n\(shown.joined(separator: "\n"))\nthe app prints:\n\(printed.joined(separator: "\n"))")
    }

    /// A function that answers later (Docs/app-functions.md, quoted from
    /// AppModule+Backend.swift): the handler that called it waits while the
    /// app's task runs. (The task answers on the main thread, which this
    /// test's runner does not run as an app's run loop does; BehaveLuaTests'
    /// AppFunctionTests answer later replies on the scene's thread.)
    @Test func aFunctionThatAnswersLaterPausesItsCaller() throws {
        try AppModule.registerAppModules()
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let loaded = try SceneLoader.load(file: here.appendingPathComponent("Later/profile.scene.yaml").path)
        let label = try #require(loaded.scene.control(named: "name") as? Label)
        #expect(label.text == "", "the handler waits for the answer")
        #expect(loaded.scene.trace.entries.compactMap(\.error).isEmpty, "\(loaded.scene.trace.entries.map(\.message))")
        loaded.scene.dismiss()
    }

    /// A scene file's own images (`images:`) reach the widgets as the files
    /// of the folder it read (Docs/embedding.md, quoted from Binding.swift).
    @Test func aSceneFilesImagesAreDrawnFromTheirFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toyapp-images-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try #require(ToyApp.sceneFolder), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: checkout.appendingPathComponent("Examples/Toggle/images"),
                                         to: folder.appendingPathComponent("images"))
        let scene = folder.appendingPathComponent("app.scene.yaml")
        let text = try String(contentsOf: scene, encoding: .utf8)
        try text.replacingOccurrences(of: "screen: Toy\n", with: "screen: Toy\nimages: images/\n").write(to: scene, atomically: true, encoding: .utf8)

        let app = ToyApp()
        try app.open(scenePath: scene.path)
        let button = try #require(app.window.widget("like") as? ToyButton)
        #expect(button.icon == "toggle-off")
        #expect(button.iconFile == folder.appendingPathComponent("images/toggle-off.png").path, "\(button.iconFile ?? "nil")")
        button.click()
        let loaded = try #require(app.loaded?.scene)
        loaded.perform { loaded.clock.advance(by: 1) }                     // past the fade
        #expect(button.icon == "toggle-on")
        #expect(button.iconFile?.hasSuffix("/images/toggle-on.png") == true, "\(button.iconFile ?? "nil")")
        // An image the folder has no file for draws no file, not the last one.
        loaded.perform { _ = try? loaded.execute(.set("like", property: "image", value: .text("heart", quoted: true))) }
        #expect(button.icon == "heart")
        #expect(button.iconFile == nil, "\(button.iconFile ?? "nil")")
        app.close()
    }

    /// A save whose `awake` raises replaces nothing: the reload throws
    /// with the script's file and line, the new scene is dismissed, and
    /// the widgets are the running scene's again, showing its values, not
    /// the saved files', and telling its behaviours what the user does.
    @Test func aSaveWhoseAwakeRaisesKeepsTheRunningSceneOnTheWidgets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("toyapp-awake-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: try #require(ToyApp.sceneFolder), to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("app.scene.yaml"), script = folder.appendingPathComponent("volume.lua")
        let app = ToyApp()
        try app.open(scenePath: scene.path)
        app.turn("volume", to: 0.75)
        let before = app.drawing
        #expect(before.contains("level: \"Volume 75%\"") && before.contains("(knob 75%)"), "\(before)")

        // The new files set other values, and the new `awake` raises after them.
        let yaml = try String(contentsOf: scene, encoding: .utf8)
        try yaml.replacingOccurrences(of: "title: Like", with: "title: Saved").replacingOccurrences(of: "value: 0.25", with: "value: 0.1")
            .write(to: scene, atomically: true, encoding: .utf8)
        let lua = try String(contentsOf: script, encoding: .utf8)
        try lua.replacingOccurrences(of: "  self:show()\n  self.knob:on", with: "  self:show()\n  self.label.txt = \"oops\"\n  self.knob:on")
            .write(to: script, atomically: true, encoding: .utf8)
        app.reloadIfSaved()
        let refusal = try #require(app.lines.last { $0.hasPrefix("reload refused:") }, "\(app.lines)")
        #expect(refusal.hasSuffix("volume.lua:10: Label has no property `txt` (did you mean `text`?) (on `level`) (in awake of meter)"), "\(refusal)")
        #expect(app.drawing == before, "the widgets show the running scene as before: \(app.drawing)")
        app.turn("volume", to: 0.5)
        #expect(app.drawing.contains("level: \"Volume 50%\""), "the running scene hears the knob: \(app.drawing)")
        app.click("like")
        app.wait(0.4)
        #expect(app.drawing.contains("like: [toggle-on Like]"), "the running toggle hears the button: \(app.drawing)")

        // Fixed, it loads, with the saved values.
        try lua.write(to: script, atomically: true, encoding: .utf8)
        app.reloadIfSaved()
        #expect(app.drawing.contains("like: [toggle-off Saved]") && app.drawing.contains("level: \"Volume 10%\""), "\(app.drawing)")
        app.close()
    }

    /// A scene from its file or from a tree built in Swift (Docs/scenes.md,
    /// "From Swift"), and what the checker finds in a file.
    @Test func aSceneFromItsFileOrFromATree() throws {
        try ControlType.registerAppTypes()   // its Knob, whichever test runs first
        try AppModule.registerAppModules()
        let file = try #require(ToyApp.sceneFolder).appendingPathComponent("app.scene.yaml").path
        let loaded = try SceneLoader.load(file: file)   // throws SceneLoadError
        try loaded.scene.execute(.tap("like"))
        #expect(loaded.scene.trace.entries.contains { $0.message == "like touchUpInside" })

        let button = SceneNode.map([.init(key: "type", value: .scalar(.text("Button", quoted: false), line: 0), keyLine: 0)], line: 0)
        let controls = SceneNode.map([.init(key: "ok", value: button, keyLine: 0)], line: 0)
        let tree = SceneNode.map([.init(key: "controls", value: controls, keyLine: 0)], line: 0)
        let built = try SceneLoader.load(node: tree, file: "spec", directory: ".", limits: .default)
        #expect(built.scene.control(named: "ok") is Button)

        let mistakes: [SceneDiagnostic] = Checker.check(file)   // errors only
        let all = Checker.inspect(file)                         // errors, then warnings (isWarning)
        let warnings = loaded.warnings                          // of a scene that loaded
        #expect(mistakes.isEmpty && all.isEmpty && warnings.isEmpty, "\(all)")
        loaded.scene.dismiss()
        built.scene.dismiss()
    }
}
