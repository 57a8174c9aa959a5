import BehaveCore
import BehaveScene
@testable import BehaveStudio
import Foundation
import XCTest

/// The studio's scene reads what `behave run` would: what it names only
/// inside the scene's folder, links resolved. A module or a photo folder
/// linked from elsewhere is refused by name, and nothing of what lies
/// there reaches the page.
final class StudioFileAccessTests: XCTestCase {
    private final class Sent: @unchecked Sendable {
        var texts: [String] = []
        var photos = StudioImageFiles.none
    }

    /// `outside/` with a module and a photo, and `scene/`, whose
    /// `helpers.lua` and `photos` are links to them.
    private func tree() throws -> URL {
        let root = try temporaryFolder(self)
        let outside = root.appendingPathComponent("outside"), scene = root.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: scene, withIntermediateDirectories: true)
        try "return { value = 'SECRET-1' }\n".write(to: outside.appendingPathComponent("secret.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Examples/ImagePicker/photos/badge.png"),
                                         to: outside.appendingPathComponent("photos/SECRET-2.png"))
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("helpers.lua").path,
                                                   withDestinationPath: "../outside/secret.lua")
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("photos").path,
                                                   withDestinationPath: "../outside/photos")
        try """
            local Reach = behaviour { name = "Reach", outlets = { label = "Label", button = "Button" } }
            local function reach()
              local ok, found = pcall(require, "helpers")
              return ok and tostring(found.value) or tostring(found)
            end
            function Reach:awake()
              self.label.text = reach()
              self.button:on("touchUpInside", function() error(reach()) end)
            end
            return Reach
            """.write(to: scene.appendingPathComponent("reach.lua"), atomically: true, encoding: .utf8)
        try """
            controls: { label: { type: Label }, button: { type: Button } }
            behaviours: { reach: { script: reach.lua, outlets: { label: label, button: button } } }
            """.write(to: scene.appendingPathComponent("reach.scene.yaml"), atomically: true, encoding: .utf8)
        try """
            controls: { change: { type: Button }, avatar: { type: ImageView } }
            behaviours: { picker: { script: image_picker.lua, owner: change, outlets: { targetImageView: avatar } } }
            platform: { photoLibrary: photos }
            """.write(to: scene.appendingPathComponent("photos.scene.yaml"), atomically: true, encoding: .utf8)
        return scene
    }

    func testAModuleLinkedFromOutsideIsRefusedAndNothingOfItReachesThePage() throws {
        let scene = try tree()
        let sent = Sent()
        let engine = try StudioEngine(source: SceneSource(file: scene.appendingPathComponent("reach.scene.yaml").path),
                                      publish: { sent.texts.append($1) }, files: { photos, _ in sent.photos = photos })
        engine.handle(.command("tap button"))
        engine.handle(.command("show"))
        engine.publishChanges()
        let page = sent.texts.joined(separator: "\n")
        XCTAssertTrue(page.contains("module 'helpers': a symbolic link leads outside the folders the scene may read"), page)
        XCTAssertFalse(page.contains("SECRET"), page)
    }

    func testAPhotoFolderLinkedFromOutsideIsRefused() throws {
        let scene = try tree()
        let sent = Sent()
        XCTAssertThrowsError(try StudioEngine(source: SceneSource(file: scene.appendingPathComponent("photos.scene.yaml").path),
                                              publish: { sent.texts.append($1) }, files: { photos, _ in sent.photos = photos })) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("photoLibrary: photos: a symbolic link leads outside the folders the scene may read"), message)
            XCTAssertFalse(message.contains("SECRET"), message)
        }
        XCTAssertTrue(sent.photos.names.isEmpty)
    }
}
