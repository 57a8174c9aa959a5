import BehaveCore
@testable import BehaveScene
import Foundation
import XCTest

/// The scene's `platform:` block: its forms, its mistakes with their lines,
/// the photo library read from the folder next to the scene, overrides.
final class PlatformBlockTests: XCTestCase {
    let controls = "controls: { avatar: ImageView }\n"

    func platform(of loaded: LoadedScene) throws -> HeadlessPlatform {
        try XCTUnwrap(loaded.scene.platform as? HeadlessPlatform)
    }

    func testTheExampleScene() throws {
        let loaded = try SceneLoader.load(file: example("ImagePicker/profile.scene.yaml"))
        let configuration = try platform(of: loaded).configuration
        XCTAssertEqual(configuration.camera, .init(available: true, permission: .denied))
        XCTAssertEqual(configuration.photoLibrary, .init(available: true, permission: .authorized))
        XCTAssertEqual(configuration.library?.photos.map(\.name), ["badge.png", "lighthouse.jpg", "mountains.png", "pebble.jpg", "sunset.jpg"])
        XCTAssertEqual(configuration.library?.folder, "photos/")
    }

    func testTheLongForms() throws {
        let fixture = try SceneFixture([:])
        try FileManager.default.createDirectory(atPath: fixture.path("pics"), withIntermediateDirectories: true)
        try Data(png(3, 4)).write(to: URL(fileURLWithPath: fixture.path("pics/a.png")))
        try Data(png(640, 480)).write(to: URL(fileURLWithPath: fixture.path("selfie.png")))
        let (loaded, _) = try load(controls + """
            platform:
              camera: { available: true, permission: notDetermined, image: \(fixture.path("selfie.png")) }
              photoLibrary: { available: false, permission: restricted, folder: \(fixture.path("pics")) }
            """)
        let configuration = try platform(of: loaded).configuration
        XCTAssertEqual(configuration.camera, .init(available: true, permission: .notDetermined))
        XCTAssertEqual(configuration.photoLibrary, .init(available: false, permission: .restricted))
        XCTAssertEqual(configuration.library?.photos, [Image(name: "a.png", width: 3, height: 4)])
        XCTAssertEqual(configuration.cameraImage, Image(name: "selfie.png", width: 640, height: 480))
    }

    func testShortFormsAndAnImageWithItsSize() throws {
        let (loaded, _) = try load(controls + """
            platform:
              camera: { image: { name: selfie.jpg, width: 3024, height: 4032 } }
              photoLibrary: true
            """)
        let configuration = try platform(of: loaded).configuration
        XCTAssertTrue(configuration.camera.available)
        XCTAssertEqual(configuration.cameraImage, Image(name: "selfie.jpg", width: 3024, height: 4032))
        XCTAssertTrue(configuration.photoLibrary.available)
        XCTAssertNil(configuration.library)
        let (none, _) = try load(controls + "platform:\n  camera: false\n")
        XCTAssertFalse(try platform(of: none).configuration.camera.available)
        XCTAssertNil(none.scene.state()["platform"])
    }

    func testEveryMistakeHasItsLine() throws {
        let found = try mistakes(controls + """
            platform:
              camra: true
              camera: { available: maybe, permission: denyed, zoom: 2, image: [1, 2] }
              photoLibrary: { folder: no-such-folder/, permision: denied }
            """)
        XCTAssertEqual(found, [
            "3: `platform` has no key `camra` (did you mean `camera`?); keys: camera, photoLibrary",
            "4: camera `available` must be true or false, not `maybe`",
            "4: unknown permission `denyed` (did you mean `denied`?); permissions: authorized, denied, notDetermined, restricted",
            "4: `camera` has no key `zoom`; keys: available, permission, image",
            "4: camera `image` must be { name: selfie.jpg, width: 3024, height: 4032 } or an image file's path, not a list",
            "5: photoLibrary: no-such-folder/: no such folder",
            "5: `photoLibrary` has no key `permision` (did you mean `permission`?); keys: available, permission, folder",
        ])
    }

    func testABadPhotoIsReportedBeforeAnythingRuns() throws {
        let fixture = try SceneFixture(["test.scene.yaml": controls + "platform:\n  photoLibrary: photos\n"])
        try FileManager.default.createDirectory(atPath: fixture.path("photos"), withIntermediateDirectories: true)
        try Data(png(10, 10)).write(to: URL(fileURLWithPath: fixture.path("photos/ok.png")))
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: fixture.path("photos/readme.txt")))
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: fixture.path("photos/cut.jpg")))
        let found = SceneLoader.check(file: fixture.path("test.scene.yaml")).map { "\($0.line ?? 0): \($0.message)" }
        XCTAssertEqual(found, [
            "3: photoLibrary: photos/cut.jpg: truncated JPEG: the file ends before its frame header (SOF)",
            "3: photoLibrary: photos/readme.txt: not a PNG or JPEG image (it looks like text)",
        ])
    }

    func testOverridesReplaceTheBlock() throws {
        var overrides = PlatformOverrides()
        try overrides.set(.camera, from: "authorized")
        try overrides.set(.photoLibrary, from: "unavailable")
        let loaded = try SceneLoader.load(file: example("ImagePicker/profile.scene.yaml"), platform: overrides)
        let configuration = try platform(of: loaded).configuration
        XCTAssertEqual(configuration.camera, .init(available: true, permission: .authorized))
        XCTAssertFalse(configuration.photoLibrary.available)
    }

    func testTheDoneWhenRun() throws {
        let loaded = try SceneLoader.load(file: example("ImagePicker/profile.scene.yaml"))
        try loaded.scene.run("tap change", #"choose "Photo Library""#, "choose sunset.jpg")
        XCTAssertEqual((loaded.scene.control(named: "avatar") as? ImageView)?.image, Image(name: "sunset.jpg", width: 1024, height: 768))
        XCTAssertTrue(loaded.scene.messages.contains("picker valueChanged"))
        XCTAssertEqual(loaded.scene.actions.last?.name, "photoChanged")
        XCTAssertEqual(loaded.scene.actions.last?.from, "picker")
        XCTAssertEqual(loaded.scene.errorCount, 0)
    }

    func testABlockOnItsOwn() throws {
        let node = SceneNode.map([.init(key: "camera", value: .scalar(.text("true", quoted: false), line: 7), keyLine: 7)], line: 7)
        XCTAssertTrue(try SceneLoader.platform(node: node, file: "spec.lua", directory: ".").camera.available)
        let wrong = SceneNode.map([.init(key: "camera", value: .scalar(.text("sometimes", quoted: true), line: 9), keyLine: 9)], line: 9)
        XCTAssertThrowsError(try SceneLoader.platform(node: wrong, file: "spec.lua", directory: ".")) { error in
            XCTAssertEqual("\(error)", "spec.lua:9: `camera` (true, false or a mapping) must be true or false, not `sometimes`")
        }
    }
}
