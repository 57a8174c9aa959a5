/// The globals a spec file gets beyond the sandbox's (see Docs/testing.md).
/// A test runs a spec that lists its environment and compares it with this.
public enum SpecAPI {
    public static let globals = [
        "describe", "context", "it", "test", "spec", "pending",
        "before_each", "after_each", "setup", "teardown", "lazy_setup", "strict_setup", "lazy_teardown", "strict_teardown",
        "finally", "assert", "print", "spy", "stub", "mock", "match", "scene", "insulate", "expose",
        "require", "collectgarbage", "package",
    ]

    /// What a spec's `package` holds; `path`, `cpath`, `loaded` and
    /// `preload` a spec may set (see Docs/testing.md, "The package table").
    public static let packageFields = ["config", "cpath", "loaded", "loadlib", "path", "preload"]
}
