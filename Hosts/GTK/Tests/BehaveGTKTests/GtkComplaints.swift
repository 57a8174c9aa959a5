import Foundation

/// What GTK and GLib complain of (a CRITICAL or a WARNING): a mistake in
/// the host or in a fixture, which a user sees in the terminal. Every
/// `behave-window` a test runs fails the test on one (`WindowDriver`).
enum GtkComplaints {
    /// The complaints among a program's lines (`(behave-window:12): Gtk-CRITICAL **: …`).
    static func lines(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains("-CRITICAL **") || $0.contains("-WARNING **") }
    }
}
