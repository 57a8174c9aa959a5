/// The platform services a scene's behaviours use (Docs/platform.md):
/// image sources, permissions, the image picker and the Settings app. A
/// scene has one (`Scene.platform`); `HeadlessPlatform` is the one
/// `behave run` and specs use. Everything that waits for the user answers
/// through a callback, after a dialog presented on `scene` is chosen.
public protocol Platform: AnyObject {
    /// Whether the device has the source (a camera, a photo library).
    func isAvailable(_ source: Capability) -> Bool

    func permission(for capability: Capability) -> PermissionState

    /// Asks the user when the permission is not determined yet; `answer`
    /// hears the permission then (at once when there is nothing to ask).
    /// Throws, and asks nothing, when the request cannot be presented.
    /// Call `answer` on the scene's thread: from another, it throws
    /// (`SceneThread`) and the handler still waits. It is `@Sendable` so
    /// that a system's completion handler may carry it back to the
    /// scene's thread (`Task { @MainActor in try answer(…) }`).
    func requestPermission(_ capability: Capability, in scene: Scene,
                           answer: @escaping @Sendable (PermissionState) throws(ValueError) -> Void) throws(ValueError)

    /// Presents the picker of an available, authorized source; `answer`
    /// hears the picked image, or nil when the user cancels. Throws, and
    /// presents nothing, when the source cannot be used. Call `answer` on
    /// the scene's thread: from another, it throws and the handler still
    /// waits.
    func pickImage(from source: Capability, in scene: Scene,
                   answer: @escaping @Sendable (Image?) throws(ValueError) -> Void) throws(ValueError)

    /// Sends the user to the app's page in Settings.
    func openSettings(in scene: Scene)

    /// What the scene's state shows of the platform; nil to show nothing.
    var stateJSON: JSON? { get }
}
