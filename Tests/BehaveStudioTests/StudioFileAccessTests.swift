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

    /// A copy of Fixtures/file_access: `outside/` with a module (and here
    /// a photo), and `scene/`, whose `helpers.lua` and `photos` are links
    /// to them.
    private func tree() throws -> URL {
        let root = try temporaryFolder(self).appendingPathComponent("file_access")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("file_access"), to: root)
        let outside = root.appendingPathComponent("outside"), scene = root.appendingPathComponent("scene")
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repository.appendingPathComponent("Examples/ImagePicker/photos/badge.png"),
                                         to: outside.appendingPathComponent("photos/SECRET-2.png"))
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("helpers.lua").path,
                                                   withDestinationPath: "../outside/secret.lua")
        try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent("photos").path,
                                                   withDestinationPath: "../outside/photos")
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
