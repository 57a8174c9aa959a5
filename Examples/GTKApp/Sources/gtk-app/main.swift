import CGtk
import Foundation

// gtk-app [--folder FOLDER] [--print-widgets]
//
// A GtkApplication whose window comes from Interface/app.ui, with the
// behaviours of Interface/app.scene.yaml on its widgets. `--folder` reads
// the interface from FOLDER instead of the app's resources (a copy to edit
// while the app runs: a save reloads the scene); `--print-widgets` prints
// what the window shows as it changes (ShownWidgets.swift), for a test to
// read.

let app: App
do {
    app = try App(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("gtk-app: \(error)\n".utf8))
    exit(2)
}

// GTK's own options are not this app's: GApplication is given none, as
// an app that parses its own command line does.
let application = gtk_application_new("org.behave.GTKApp", G_APPLICATION_NON_UNIQUE)
let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { application, data in
    guard let application, let data else { return }
    MainActor.assumeIsolated {
        Unmanaged<App>.fromOpaque(data).takeUnretainedValue().activate(OpaquePointer(application))
    }
}
bhg_connect(application, "activate", unsafeBitCast(activate, to: UnsafeMutableRawPointer.self), Unmanaged.passUnretained(app).toOpaque())
let status = g_application_run(UnsafeMutablePointer(OpaquePointer(application)), 0, nil)
g_object_unref(application)
exit(app.failed ? 1 : status)
