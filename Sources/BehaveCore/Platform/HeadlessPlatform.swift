/// The platform of `behave run` and specs: sources and permissions as
/// configured, the user's answers as `choose` commands. Permission requests
/// are `permission` dialogs (`Allow` / `Don't Allow`), pickers are `picker`
/// dialogs (the photo library's options are its photos' names, the
/// camera's is `Take Photo`). Everything it does is in the trace.
public final class HeadlessPlatform: Platform {
    public private(set) var configuration: PlatformConfiguration
    /// Times the app sent the user to Settings.
    public private(set) var settingsOpened = 0

    public static let allow = "Allow"
    public static let dontAllow = "Don't Allow"
    public static let takePhoto = "Take Photo"

    public init(_ configuration: PlatformConfiguration = PlatformConfiguration()) {
        self.configuration = configuration
    }

    public func isAvailable(_ source: Capability) -> Bool { configuration[source].available }

    public func permission(for capability: Capability) -> PermissionState { configuration[capability].permission }

    /// Changes a permission as the user would in Settings.
    public func setPermission(_ state: PermissionState, for capability: Capability, in scene: Scene) {
        let old = configuration[capability].permission
        guard old != state else { return }
        configuration[capability].permission = state
        scene.trace.record(.note, subject: "platform", "platform: \(capability.rawValue) permission \(old.rawValue) → \(state.rawValue)",
                           fields: [("capability", .string(capability.rawValue)), ("old", .string(old.rawValue)),
                                    ("new", .string(state.rawValue))])
    }

    // A dialog is answered on the scene's thread (`Scene.answerDialog`
    // refuses any other), so these answers are never refused: `try?`.

    public func requestPermission(_ capability: Capability, in scene: Scene,
                                  answer: @escaping @Sendable (PermissionState) throws(ValueError) -> Void) throws(ValueError) {
        guard permission(for: capability) == .notDetermined else { return try answer(permission(for: capability)) }
        let purpose = capability == .camera ? "to take photos" : "to choose photos"
        let dialog = Dialog(style: .permission, title: "“\(scene.screenTitle)” Would Like to Access the \(capability.title)",
                            message: "Allow access \(purpose).", options: [HeadlessPlatform.allow, HeadlessPlatform.dontAllow])
        try scene.present(dialog) { [weak self, weak scene] choice in
            guard let self, let scene else { return }
            // Cancelling leaves it undetermined; an answer to a request
            // that another one already settled changes nothing.
            if let choice, self.permission(for: capability) == .notDetermined {
                self.setPermission(choice == HeadlessPlatform.allow ? .authorized : .denied, for: capability, in: scene)
            }
            try? answer(self.permission(for: capability))
        }
    }

    public func pickImage(from source: Capability, in scene: Scene,
                          answer: @escaping @Sendable (Image?) throws(ValueError) -> Void) throws(ValueError) {
        let name = source == .camera ? "the camera" : "the photo library"
        guard isAvailable(source) else { throw ValueError("\(name) is not available on this device") }
        switch permission(for: source) {
        case .authorized: break
        case .notDetermined: throw ValueError("access to \(name) has not been requested yet (permission: notDetermined)")
        case let state: throw ValueError("access to \(name) is not allowed (permission: \(state.rawValue))")
        }
        let photos = configuration.library?.photos ?? []
        let dialog = source == .camera
            ? Dialog(style: .picker, title: Capability.camera.title, options: [HeadlessPlatform.takePhoto], cancel: "Cancel")
            : Dialog(style: .picker, title: Capability.photoLibrary.title, options: photos.map(\.name), cancel: "Cancel")
        let cameraImage = configuration.cameraImage
        try scene.present(dialog) { [weak scene] choice in
            let image = choice.flatMap { choice in
                source == .camera ? cameraImage : photos.first { $0.name == choice }
            }
            let outcome = image.map { "picked \(Value.image($0)) from" } ?? "cancelled"
            scene?.trace.record(.note, subject: "platform", "platform: \(outcome) \(name)",
                                fields: [("source", .string(source.rawValue)), ("image", image.map { Value.image($0).json } ?? .null)])
            try? answer(image)
        }
    }

    public func openSettings(in scene: Scene) {
        settingsOpened += 1
        scene.trace.record(.note, subject: "platform", "platform: opened Settings", fields: [("settingsOpened", .number(Double(settingsOpened)))])
    }

    /// Shown once the platform is configured or used.
    public var stateJSON: JSON? {
        guard configuration != PlatformConfiguration() || settingsOpened > 0 else { return nil }
        func source(_ capability: Capability) -> [(String, JSON)] {
            [("available", .bool(isAvailable(capability))), ("permission", .string(permission(for: capability).rawValue))]
        }
        var library = source(.photoLibrary)
        if let folder = configuration.library {
            library.append(("folder", .string(folder.folder)))
            library.append(("photos", .array(folder.photos.map { Value.image($0).json })))
        }
        return .object([
            ("camera", .object(source(.camera) + [("image", Value.image(configuration.cameraImage).json)])),
            ("photoLibrary", .object(library)),
            ("settingsOpened", .number(Double(settingsOpened))),
        ])
    }
}
