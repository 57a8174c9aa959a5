/// Behave's version, printed by `behave --version` and by `behave-window
/// --version`: the one place it is written.
public enum BehaveVersion {
    public static let current = "0.16.0"
}
