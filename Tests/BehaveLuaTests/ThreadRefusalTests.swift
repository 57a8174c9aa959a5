import BehaveCore
@testable import BehaveLua
import Foundation
import ToolRunning
import XCTest

/// A host's answers that come later (a platform request's completion, a
/// dialog's answer) from another thread than the scene's (a completion
/// called where the system's work ended) are refused with the fix: the
/// handler still waits, and the same answer from the scene's thread goes
/// through.
final class ThreadRefusalTests: XCTestCase {
    func testAPermissionAnsweredOnAnotherThreadIsRefusedAndTheHandlerStillWaits() throws {
        let (test, platform, button, probe) = try load("permission.lua")
        button.tap()
        // A platform's answer is Sendable: a system's completion handler
        // carries it to another thread as it is, with no box of the host's.
        let answer = try XCTUnwrap(platform.permissionAnswers.first)
        let refusal = thrownOnAnotherThread { () throws(ValueError) in try answer(.authorized) }
        XCTAssertEqual(refusal?.text, "platform.requestPermission was answered on another thread than its scene's; the answer is refused and the handler still waits")
        XCTAssertEqual(refusal?.fix, "answer on the scene's thread: for an app, the main thread (`try await MainActor.run { try answer(…) }`, or `DispatchQueue.main`)")
        XCTAssertNil(test.field("answer", of: probe), "the handler still waits")
        try answer(.authorized)
        XCTAssertEqual(test.field("answer", of: probe), .string("authorized"))
        XCTAssertEqual(test.errors, [])
    }

    func testAPickedImageAnsweredOnAnotherThreadIsRefusedAndTheHandlerStillWaits() throws {
        let (test, platform, button, probe) = try load("picked_image.lua")
        button.tap()
        let answer = try XCTUnwrap(platform.imageAnswers.first)
        let refusal = thrownOnAnotherThread { () throws(ValueError) in try answer(Image(name: "photo.jpg", width: 640, height: 480)) }
        XCTAssertEqual(refusal?.text, "platform.pickImage was answered on another thread than its scene's; the answer is refused and the handler still waits")
        XCTAssertNil(test.field("picked", of: probe), "the handler still waits")
        try answer(Image(name: "photo.jpg", width: 640, height: 480))
        XCTAssertEqual(test.field("picked", of: probe), .string("photo.jpg"))
        XCTAssertEqual(test.errors, [])
    }

    func testADialogAnsweredOnAnotherThreadIsRefusedAndStillWaits() throws {
        let (test, _, button, probe) = try load("dialog.lua")
        button.tap()
        XCTAssertEqual(test.scene.presentedDialog?.title, "Delete?")
        let scene = Racing(test.scene)
        let refusal = thrownOnAnotherThread { () throws(ValueError) in try scene.value.answerDialog(with: "Delete") }
        XCTAssertEqual(refusal?.text, "the dialog was answered on another thread than its scene's; the answer is refused and the dialog still waits")
        XCTAssertEqual(refusal?.fix, "answer on the scene's thread: for an app, the main thread (`try await MainActor.run { try scene.answerDialog(with: option) }`, or `DispatchQueue.main`)")
        XCTAssertEqual(test.scene.presentedDialog?.title, "Delete?", "the dialog still waits")
        XCTAssertNil(test.field("choice", of: probe))
        try test.scene.answerDialog(with: "Delete")
        XCTAssertNil(test.scene.presentedDialog)
        XCTAssertEqual(test.field("choice", of: probe), .string("Delete"))
        XCTAssertEqual(test.errors, [])
    }

    /// A scene with `platform` as its platform and the behaviour of
    /// Threads/`file`, whose button's tap waits for the host's answer.
    private func load(_ file: String) throws -> (TestScene, WaitingPlatform, Button, LuaBehaviour) {
        let test = try TestScene()
        let platform = WaitingPlatform()
        test.scene.platform = platform
        let button = test.control(Button.self, "button")
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Threads").appendingPathComponent(file), encoding: .utf8)
        let probe = try test.behaviour("probe", source: source, outlets: ["button": button])
        return (test, platform, button, probe)
    }
}

/// A host's platform whose requests wait until the test answers them, as
/// a system's completion handler would.
private final class WaitingPlatform: Platform {
    var permissionAnswers: [@Sendable (PermissionState) throws(ValueError) -> Void] = []
    var imageAnswers: [@Sendable (Image?) throws(ValueError) -> Void] = []

    func isAvailable(_ source: Capability) -> Bool { true }
    func permission(for capability: Capability) -> PermissionState { .authorized }

    func requestPermission(_ capability: Capability, in scene: Scene,
                           answer: @escaping @Sendable (PermissionState) throws(ValueError) -> Void) throws(ValueError) {
        permissionAnswers.append(answer)
    }

    func pickImage(from source: Capability, in scene: Scene,
                   answer: @escaping @Sendable (Image?) throws(ValueError) -> Void) throws(ValueError) {
        imageAnswers.append(answer)
    }

    func openSettings(in scene: Scene) {}
    var stateJSON: JSON? { nil }
}
