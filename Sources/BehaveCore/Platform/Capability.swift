/// What the platform offers scripts (Docs/platform.md): an image source
/// is also the capability whose permission it needs.
public enum Capability: String, CaseIterable, Sendable {
    case camera, photoLibrary

    /// `"camera"` → `.camera`; anything else is an error that lists the
    /// valid names and suggests the nearest.
    public init(parsing name: String, as role: String = "capability") throws(ValueError) {
        guard let capability = Capability(rawValue: name) else {
            let names = Capability.allCases.map(\.rawValue)
            throw ValueError("unknown \(role) `\(name)`\(Suggestions.hint(for: name, in: names)); \(role)s: \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        self = capability
    }

    /// How messages and dialogs name it.
    public var title: String {
        switch self {
        case .camera: "Camera"
        case .photoLibrary: "Photo Library"
        }
    }
}

/// Whether the user lets the app use a capability, as iOS reports it.
public enum PermissionState: String, CaseIterable, Sendable {
    case authorized, denied, notDetermined, restricted

    public init(parsing name: String) throws(ValueError) {
        guard let state = PermissionState(rawValue: name) else {
            let names = PermissionState.allCases.map(\.rawValue)
            throw ValueError("unknown permission `\(name)`\(Suggestions.hint(for: name, in: names)); permissions: \(names.joined(separator: ", "))")
        }
        self = state
    }
}
