import Foundation
import XCTest
@testable import BehaveCore

/// The headless platform: availability, permission requests as dialogs,
/// pickers, Settings, the photo library folder, and their configuration.
final class PlatformTests: XCTestCase {
    func makeScene(_ configure: (inout PlatformConfiguration) -> Void = { _ in }) -> (Scene, HeadlessPlatform) {
        var configuration = PlatformConfiguration()
        configure(&configuration)
        let scene = Scene(screen: "Profile")
        let platform = HeadlessPlatform(configuration)
        scene.platform = platform
        return (scene, platform)
    }

    func testTheDefaultHasNothingAndShowsNothing() {
        let (scene, platform) = makeScene()
        XCTAssertFalse(platform.isAvailable(.camera))
        XCTAssertFalse(platform.isAvailable(.photoLibrary))
        XCTAssertNil(scene.state()["platform"])
        XCTAssertThrowsError(try platform.pickImage(from: .camera, in: scene) { _ in }) { error in
            XCTAssertEqual((error as? ValueError)?.message, "the camera is not available on this device")
        }
    }

    func testAPermissionRequestAsksOnceAndAnswersWithTheChoice() throws {
        let (scene, platform) = makeScene { $0.camera = .init(available: true, permission: .notDetermined) }
        let answers = Heard<PermissionState>()
        try platform.requestPermission(.camera, in: scene) { answers.values.append($0) }
        XCTAssertEqual(scene.presentedDialog?.style, .permission)
        XCTAssertEqual(scene.presentedDialog?.options, ["Allow", "Don't Allow"])
        XCTAssertEqual(scene.presentedDialog?.title, "“Profile” Would Like to Access the Camera")
        XCTAssertEqual(answers.values, [])
        try scene.choose("Allow")
        XCTAssertEqual(answers.values, [.authorized])
        XCTAssertEqual(platform.permission(for: .camera), .authorized)
        XCTAssertTrue(scene.trace.entries.contains { $0.message == "platform: camera permission notDetermined → authorized" })
        // Determined: answered at once, nothing presented.
        try platform.requestPermission(.camera, in: scene) { answers.values.append($0) }
        XCTAssertEqual(answers.values, [.authorized, .authorized])
        XCTAssertNil(scene.presentedDialog)
    }

    func testDontAllowDeniesAndCancelLeavesItUndetermined() throws {
        let (scene, platform) = makeScene { $0.photoLibrary.permission = .notDetermined }
        let answers = Heard<PermissionState>()
        try platform.requestPermission(.photoLibrary, in: scene) { answers.values.append($0) }
        try scene.choose("cancel")
        XCTAssertEqual(answers.values, [.notDetermined])
        try platform.requestPermission(.photoLibrary, in: scene) { answers.values.append($0) }
        try scene.choose("Don't Allow")
        XCTAssertEqual(answers.values, [.notDetermined, .denied])
        XCTAssertEqual(scene.state()["platform"]?["photoLibrary"]?["permission"], .string("denied"))
    }

    func testAnsweringASecondRequestAfterTheFirstChangesNothing() throws {
        let (scene, platform) = makeScene { $0.camera.permission = .notDetermined }
        let answers = Heard<PermissionState>()
        try platform.requestPermission(.camera, in: scene) { answers.values.append($0) }
        try platform.requestPermission(.camera, in: scene) { answers.values.append($0) }
        try scene.choose("Allow")
        try scene.choose("Don't Allow")
        XCTAssertEqual(answers.values, [.authorized, .authorized])
    }

    func testThePhotoLibraryPickerOffersThePhotosByName() throws {
        let photos = [Image(name: "a.png", width: 30, height: 20), Image(name: "b.jpg", width: 10, height: 40)]
        let (scene, platform) = makeScene {
            $0.photoLibrary.available = true
            $0.library = PhotoLibrary(folder: "photos", photos: photos)
        }
        let picked = Heard<Image?>()
        try platform.pickImage(from: .photoLibrary, in: scene) { picked.values.append($0) }
        XCTAssertEqual(scene.presentedDialog, Dialog(style: .picker, title: "Photo Library", options: ["a.png", "b.jpg"], cancel: "Cancel"))
        try scene.choose("b.jpg")
        try platform.pickImage(from: .photoLibrary, in: scene) { picked.values.append($0) }
        try scene.choose("cancel")
        XCTAssertEqual(picked.values, [photos[1], nil])
        XCTAssertTrue(scene.trace.entries.contains { $0.message == "platform: picked b.jpg (10×40) from the photo library" })
    }

    func testTheCameraTakesItsConfiguredImage() throws {
        let (scene, platform) = makeScene {
            $0.camera.available = true
            $0.cameraImage = Image(name: "selfie.jpg", width: 3024, height: 4032)
        }
        let picked = Heard<Image?>()
        try platform.pickImage(from: .camera, in: scene) { picked.values.append($0) }
        XCTAssertEqual(scene.presentedDialog?.options, ["Take Photo"])
        try scene.choose("Take Photo")
        XCTAssertEqual(picked.values, [Image(name: "selfie.jpg", width: 3024, height: 4032)])
    }

    func testPickingWithoutPermissionIsRefused() {
        for (state, text) in [(PermissionState.denied, "is not allowed (permission: denied)"),
                              (.restricted, "is not allowed (permission: restricted)"),
                              (.notDetermined, "has not been requested yet (permission: notDetermined)")] {
            let (scene, platform) = makeScene { $0.camera = .init(available: true, permission: state) }
            XCTAssertThrowsError(try platform.pickImage(from: .camera, in: scene) { _ in }) { error in
                XCTAssertEqual((error as? ValueError)?.message, "access to the camera \(text)")
            }
            XCTAssertNil(scene.presentedDialog)
        }
    }

    func testOpenSettingsIsInTheTraceAndTheState() {
        let (scene, platform) = makeScene()
        platform.openSettings(in: scene)
        platform.openSettings(in: scene)
        XCTAssertEqual(scene.state()["platform"]?["settingsOpened"], .number(2))
        XCTAssertEqual(scene.trace.entries.filter { $0.message == "platform: opened Settings" }.count, 2)
    }

    // MARK: The photo library folder

    func testALibraryFolderReadsImagesAndSkipsHiddenFilesAndFolders() throws {
        let folder = try temporaryFolder([
            "wide.png": png(width: 300, height: 100), "tall.jpg": jpeg(width: 100, height: 300),
            ".DS_Store": Array("junk".utf8),
        ])
        try FileManager.default.createDirectory(atPath: folder + "/albums", withIntermediateDirectories: true)
        let library = try PhotoLibrary.load(folder: folder)
        XCTAssertEqual(library.photos, [Image(name: "tall.jpg", width: 100, height: 300), Image(name: "wide.png", width: 300, height: 100)])
    }

    func testEveryBadFileIsNamed() throws {
        let folder = try temporaryFolder([
            "notes.txt": Array("hello".utf8), "broken.png": Array(png(width: 3, height: 3).prefix(12)),
            "good.png": png(width: 3, height: 3), "empty.jpg": [],
        ])
        do {
            _ = try PhotoLibrary.load(folder: folder)
            XCTFail("loaded")
        } catch {
            XCTAssertEqual(error.problems, [
                "\(folder)/broken.png: truncated PNG: the file ends before the end of its header (IHDR) at byte 33; it has 12",
                "\(folder)/empty.jpg: the file is empty",
                "\(folder)/notes.txt: not a PNG or JPEG image (it looks like text)",
            ])
        }
    }

    func testAFIFOIsNotOpened() throws {
        let folder = try temporaryFolder(["ok.png": png(width: 3, height: 3)])
        XCTAssertEqual(mkfifo(folder + "/pipe.png", 0o600), 0)
        XCTAssertThrowsError(try PhotoLibrary.load(folder: folder)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems, ["\(folder)/pipe.png: not a regular file"])
        }
    }

    /// One photo past the bound is named with the bound and the fix (it
    /// said only "more than 1000 photos").
    func testAFolderOfTooManyPhotosSaysTheBoundAndTheFix() throws {
        let folder = try temporaryFolder(Dictionary(uniqueKeysWithValues: (0...PhotoLibrary.maximumPhotos).map {
            ("p\($0).png", png(width: 3, height: 3))
        }))
        XCTAssertThrowsError(try PhotoLibrary.load(folder: folder)) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems, [
                "\(folder): more than 1000 photos; a photo library holds at most 1000: keep the photos the scene uses in a folder of their own",
            ])
        }
    }

    func testMissingFolders() {
        XCTAssertThrowsError(try PhotoLibrary.load(folder: "photos/", relativeTo: "/nonexistent")) { error in
            XCTAssertEqual((error as? PhotoLibrary.Failure)?.problems, ["photos/: no such folder"])
        }
    }

    // MARK: Configuration

    func testOverridesFromFlags() throws {
        var overrides = PlatformOverrides()
        try overrides.set(.camera, from: "available, denied")
        try overrides.set(.photoLibrary, from: "notDetermined")
        overrides.setLibrary(PhotoLibrary(folder: "p", photos: []))
        overrides.cameraImage = try Image(parsingSized: "selfie.jpg:3024x4032")
        let configuration = overrides.applied(to: PlatformConfiguration())
        XCTAssertEqual(configuration.camera, .init(available: true, permission: .denied))
        XCTAssertEqual(configuration.photoLibrary, .init(available: true, permission: .notDetermined))
        XCTAssertEqual(configuration.cameraImage, Image(name: "selfie.jpg", width: 3024, height: 4032))
        XCTAssertThrowsError(try overrides.set(.camera, from: "availble")) { error in
            XCTAssertTrue((error as? ValueError)?.message.hasPrefix("unknown camera setting `availble` (did you mean `available`?)") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try Image(parsingSized: "selfie.jpg:0x10"))
    }

    func testNamesWithSuggestions() {
        XCTAssertEqual(try Capability(parsing: "camera"), .camera)
        XCTAssertThrowsError(try Capability(parsing: "photolibrary", as: "source")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "unknown source `photolibrary` (did you mean `photoLibrary`?); sources: \"camera\", \"photoLibrary\"")
        }
        XCTAssertThrowsError(try PermissionState(parsing: "denyed")) { error in
            XCTAssertEqual((error as? ValueError)?.message,
                           "unknown permission `denyed` (did you mean `denied`?); permissions: authorized, denied, notDetermined, restricted")
        }
    }
}

/// What a platform's answer heard, in order (its answers are `@Sendable`,
/// so they append to a box rather than to a captured array).
private final class Heard<T>: @unchecked Sendable {
    var values: [T] = []
}
