@testable import BehaveGTK
import BehaveCore
import CGtk
import Foundation
import XCTest

/// A scene's GTK host, in this process: what it made goes when it goes
/// (a reload replaces it; the window keeps only the new one).
final class HostLifetimeTests: XCTestCase {
    func testAHostAndItsWidgetsGoWhenTheWindowLetsGoOfIt() throws {
        let driver = try WindowDriver()
        for (name, value) in ["DISPLAY": driver.display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"] {
            setenv(name, value, 1)
        }
        guard gtk_init_check() != 0 else { return XCTFail("GTK cannot open \(driver.display)") }
        // Closed before the X server ends, which GTK would take for a crash.
        defer { gdk_display_close(gdk_display_get_default()) }
        let settings = WindowDriver.checkout.appendingPathComponent("Examples/GTK/settings.ui").path
        for interface in [nil, settings] {
            weak var gone: GtkHost?
            weak var control: View?
            try {
                let host = try GtkHost(interface: interface, styles: GtkStyles())
                let wifi = try XCTUnwrap(ControlTypes.named("Switch")).makeControl(named: "wifi")
                try host.bind(wifi)
                gone = host
                control = wifi
            }()
            // Before: each widget's binding held the host, which held the
            // widgets: every reload kept the last scene's whole window.
            XCTAssertNil(gone, "the host of \(interface ?? "frames")")
            XCTAssertNil(control, "the control of \(interface ?? "frames")")
        }
    }
}
