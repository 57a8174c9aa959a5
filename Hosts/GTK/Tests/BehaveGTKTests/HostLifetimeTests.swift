@testable import BehaveGTK
import BehaveCore
import CGtk
import Foundation
import XCTest

/// The GTK host in this process, on an X server of the class's own: what
/// it made goes when it goes, and it closes its window once.
final class HostLifetimeTests: InProcessGtkTestCase {
    func testAHostAndItsWidgetsGoWhenTheWindowLetsGoOfIt() throws {
        let settings = WindowDriver.checkout.appendingPathComponent("Examples/GTK/settings.ui").path
        for interface in [nil, settings] {
            weak var gone: GtkHost?
            weak var control: View?
            try {
                let host = try GtkHost(interface: interface, styles: GtkStyles())
                let wifi = try XCTUnwrap(ControlTypes.named("Switch")).makeControl(named: "wifi")
                try host.check(wifi)
                host.bind(wifi)
                gone = host
                control = wifi
            }()
            // Before: each widget's binding held the host, which held the
            // widgets: every reload kept the last scene's whole window.
            XCTAssertNil(gone, "the host of \(interface ?? "frames")")
            XCTAssertNil(control, "the control of \(interface ?? "frames")")
        }
    }

    func testClosingTwiceDestroysTheWindowOnce() throws {
        let loop = try XCTUnwrap(g_main_loop_new(nil, 0))
        defer { g_main_loop_unref(loop) }
        let scene = WindowDriver.checkout.appendingPathComponent("Examples/Toggle/toggle.scene.yaml").path
        let window = try GtkWindowHost(options: GtkWindowHost.Options(file: scene), loop: loop)
        // Before: the second close (a second Ctrl-C, or SIGTERM after the
        // close button) destroyed the freed window again.
        let warnings = try standardError {
            window.close()
            while g_main_context_iteration(nil, 0) != 0 {}
            window.close()
            while g_main_context_iteration(nil, 0) != 0 {}
        }
        XCTAssertFalse(warnings.contains("WARNING") || warnings.contains("CRITICAL"), warnings)
    }

    /// What `body` writes on standard error.
    private func standardError(_ body: () -> Void) throws -> String {
        let pipe = Pipe()
        let saved = dup(2)
        fflush(nil)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        body()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
