/// Behave's version, printed by `behave --version`: the one place it is
/// written.
enum BehaveVersion {
    static let current = "0.16.0"
}
