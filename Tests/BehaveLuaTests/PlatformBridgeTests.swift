import BehaveCore
@testable import BehaveLua
import Foundation
import XCTest

/// `platform.*` for scripts: values, pausing handlers, errors with
/// suggestions, the `requires` declaration, and the bundled image picker.
final class PlatformBridgeTests: XCTestCase {
    /// The scripts these tests run, in Platform/.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Platform")

    private func source(_ file: String) throws -> String {
        try String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)
    }

    func makeScene(_ configure: (inout PlatformConfiguration) -> Void = { _ in }) throws -> (TestScene, HeadlessPlatform) {
        var configuration = PlatformConfiguration()
        configure(&configuration)
        let test = try TestScene()
        let platform = HeadlessPlatform(configuration)
        test.scene.platform = platform
        return (test, platform)
    }

    static let photos = [Image(name: "wide.png", width: 3000, height: 2000), Image(name: "tall.jpg", width: 1200, height: 1600),
                         Image(name: "small.png", width: 256, height: 256)]

    let requiresBoth = #", requires = { "camera", "photoLibrary" }"#

    func testAvailableAndPermission() throws {
        let (test, _) = try makeScene { $0.camera = .init(available: true, permission: .denied) }
        let probe = try test.behaviour("probe", source: source("available.lua"))
        XCTAssertEqual(test.field("camera", of: probe), .bool(true))
        XCTAssertEqual(test.field("library", of: probe), .bool(false))
        XCTAssertEqual(test.field("permission", of: probe), .string("denied"))
        XCTAssertEqual(test.errors, [])
    }

    func testRequestPermissionPausesTheHandlerUntilAnswered() throws {
        let (test, platform) = try makeScene { $0.camera = .init(available: true, permission: .notDetermined) }
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source("request_permission.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.field("before", of: probe), .bool(true))
        XCTAssertNil(test.field("answer", of: probe))
        XCTAssertEqual(test.scene.presentedDialog?.style, .permission)
        try test.scene.choose("Don't Allow")
        XCTAssertEqual(test.field("answer", of: probe), .string("denied"))
        XCTAssertEqual(platform.permission(for: .camera), .denied)
        // Determined: returns at once.
        button.tap()
        XCTAssertNil(test.scene.presentedDialog)
        XCTAssertEqual(test.errors, [])
    }

    func testPickImageReturnsAnImageOrNil() throws {
        let (test, _) = try makeScene {
            $0.photoLibrary.available = true
            $0.library = PhotoLibrary(folder: "photos", photos: PlatformBridgeTests.photos)
        }
        let button = test.control(Button.self, "button")
        let probe = try test.behaviour("probe", source: source("pick_image.lua"), outlets: ["button": button])
        button.tap()
        XCTAssertEqual(test.scene.presentedDialog?.options, ["wide.png", "tall.jpg", "small.png"])
        try test.scene.choose("wide.png")
        XCTAssertEqual(test.field("picked", of: probe), Value.image(Image(name: "wide.png", width: 1024, height: 683)).json)
        XCTAssertEqual(test.field("size", of: probe), .string("3000x2000"))
        button.tap()
        try test.scene.choose("cancel")
        XCTAssertEqual(test.field("picked", of: probe), .string("cancelled"))
        XCTAssertEqual(test.errors, [])
    }

    func testAnImagesMethodCalledWithADotSaysTheColon() throws {
        let (test, _) = try makeScene {
            $0.photoLibrary.available = true
            $0.library = PhotoLibrary(folder: "photos", photos: PlatformBridgeTests.photos)
        }
        let button = test.control(Button.self, "button")
        try test.behaviour("probe", source: source("image_dot_call.lua"), outlets: ["button": button])
        button.tap()
        try test.scene.choose("wide.png")
        XCTAssertTrue(test.errors.last?.contains(
            "`fitting` is called with `.`, so the image is not passed to it; write `image:fitting(width, height)` with a colon") ?? false,
                      test.errors.last ?? "no error")
    }

    func testOpenSettings() throws {
        let (test, platform) = try makeScene()
        try test.behaviour("probe", source: script("function Probe:awake() platform.openSettings() end"))
        XCTAssertEqual(platform.settingsOpened, 1)
    }

    func testMistakesAreClearErrors() throws {
        let (test, _) = try makeScene { $0.camera.available = true; $0.camera.permission = .denied }
        let cases: [(String, String)] = [
            (#"platform.available("camra")"#, #"platform.available: unknown source `camra` (did you mean `camera`?); sources: "camera", "photoLibrary""#),
            (#"platform.permission("photolibrary")"#, "platform.permission: unknown capability `photolibrary` (did you mean `photoLibrary`?)"),
            ("platform.available()", "bad argument #1 (source name expected, got no value)"),
            (#"platform.pickImage("camera")"#, #"platform.pickImage: access to the camera is not allowed (permission: denied); check platform.available("camera") and platform.permission("camera") first"#),
            (#"platform.pickImage("photoLibrary")"#, "platform.pickImage: the photo library is not available on this device"),
        ]
        for (index, (call, expected)) in cases.enumerated() {
            try test.behaviour("probe\(index)", source: script("function Probe:awake() \(call) end", extra: requiresBoth))
            XCTAssertTrue(test.errors.last?.contains(expected) ?? false, "\(call): \(test.errors.last ?? "no error")")
            XCTAssertTrue(test.errors.last?.contains("probe\(index).lua:2:") ?? false, "located: \(test.errors.last ?? "")")
        }
        XCTAssertEqual(test.errors.count, cases.count)
    }

    func testUndeclaredCapabilitiesAreRefused() throws {
        let (test, _) = try makeScene()
        try test.behaviour("probe", source: script(#"function Probe:awake() platform.permission("camera") end"#))
        XCTAssertTrue(test.errors.last?.contains(#"platform.permission: behaviour `probe` uses the camera without declaring it; add requires = { "camera" } to its behaviour { … }"#) ?? false,
                      test.errors.last ?? "no error")
    }

    func testWaitingOutsideAHandlerIsAnError() throws {
        let (test, _) = try makeScene { $0.camera.permission = .notDetermined }
        try test.behaviour("probe", source: source("wait_outside_handler.lua"))
        XCTAssertNil(test.scene.presentedDialog, "nothing is asked")
        XCTAssertEqual(test.errors, [])
    }

    func testEachBehaviourHasItsOwnPlatformTable() throws {
        let (test, platform) = try makeScene()
        try test.behaviour("vandal", source: source("vandal.lua"))
        let probe = try test.behaviour("probe", source: source("own_table.lua"))
        XCTAssertEqual(platform.settingsOpened, 1)
        XCTAssertEqual(test.field("camera", of: probe), .bool(false))
    }

    // MARK: The bundled image picker

    func picker(_ configure: (inout PlatformConfiguration) -> Void) throws -> (TestScene, LuaBehaviour, ImageView) {
        let (test, _) = try makeScene(configure)
        let view = test.control(ImageView.self, "avatar")
        let behaviour = try test.bundled("image_picker.lua", name: "picker", outlets: ["targetImageView": view])
        try behaviour.setInspectable("maxSize", to: .size(Size(width: 1024, height: 1024)))
        return (test, behaviour, view)
    }

    func testImagePickerFromTheLibrary() throws {
        let (test, picker, view) = try self.picker {
            $0.camera.available = true
            $0.photoLibrary.available = true
            $0.library = PhotoLibrary(folder: "photos", photos: PlatformBridgeTests.photos)
        }
        var sent: [[Value]] = []
        try picker.on("valueChanged") { sent.append($0.arguments) }
        picker.performAction("pickImage", sender: view, arguments: [])
        XCTAssertEqual(test.scene.presentedDialog?.options, ["Camera", "Photo Library"])
        try test.scene.choose("Photo Library")
        try test.scene.choose("tall.jpg")
        XCTAssertEqual(view.image, Image(name: "tall.jpg", width: 768, height: 1024))
        XCTAssertEqual(sent, [[.image(Image(name: "tall.jpg", width: 768, height: 1024))]])
        XCTAssertEqual(test.errors, [])
    }

    func testImagePickerWithNoSourceLogsAndDoesNothing() throws {
        let (test, picker, view) = try self.picker { _ in }
        picker.performAction("pickImage", sender: view, arguments: [])
        XCTAssertNil(test.scene.presentedDialog)
        XCTAssertTrue(test.scene.trace.entries.contains { $0.kind == .log && $0.message.contains("no image source") })
    }
}
