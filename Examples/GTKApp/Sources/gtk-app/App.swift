import CGtk
import Foundation

/// The application: its options, and its one window, made when GTK
/// activates it.
@MainActor final class App {
    /// Where app.ui, app.scene.yaml and the scripts are.
    let folder: URL
    let printsWidgets: Bool
    private(set) var window: AppWindow?
    /// Whether the window could not be made (the app then quits, status 1).
    private(set) var failed = false

    struct UsageError: Error, CustomStringConvertible { let description: String }

    init(arguments: [String]) throws {
        var folder: URL?
        var printsWidgets = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--folder":
                guard let path = rest.popFirst() else { throw UsageError(description: "--folder needs a folder: --folder Interface") }
                folder = URL(fileURLWithPath: path)
            case "--print-widgets":
                printsWidgets = true
            default:
                throw UsageError(description: "unknown option `\(argument)`; gtk-app takes --folder FOLDER and --print-widgets")
            }
        }
        // The app's own copy, among its resources, unless it was given another.
        guard let folder = folder ?? Bundle.module.url(forResource: "Interface", withExtension: nil) else {
            throw UsageError(description: "the app's Interface folder is missing from its resources; give one with --folder")
        }
        self.folder = folder
        self.printsWidgets = printsWidgets
    }

    /// GTK's `activate`: the first makes the window, a later one (the app
    /// started again) shows it.
    func activate(_ application: OpaquePointer) {
        if let window { return window.present() }
        do {
            let window = try AppWindow(application: UnsafeMutablePointer(application), folder: folder, printsWidgets: printsWidgets)
            self.window = window
            window.present()
        } catch {
            FileHandle.standardError.write(Data("gtk-app: \(error)\n".utf8))
            failed = true
            g_application_quit(UnsafeMutablePointer(application))
        }
    }
}
