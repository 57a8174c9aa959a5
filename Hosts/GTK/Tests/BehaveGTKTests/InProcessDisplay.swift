import CGtk
import Foundation
import XCTest

/// GTK in the test process, on an X server of a test class's own: GTK is
/// initialised once per process, so a later class opens its server's
/// display as GTK's default one rather than initialising it again (which
/// would do nothing, and leave it on the display the first class closed).
final class InProcessDisplay {
    private let server: WindowDriver
    private(set) var isOpen = false

    init?() {
        guard let driver = try? WindowDriver() else { return nil }
        server = driver
        for (name, value) in ["DISPLAY": driver.display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "GTK_A11Y": "none"] {
            setenv(name, value, 1)
        }
        if gtk_is_initialized() == 0 {
            isOpen = gtk_init_check() != 0
        } else if let display = gdk_display_open(driver.display) {
            gdk_display_manager_set_default_display(gdk_display_manager_get(), display)
            isOpen = true
        }
    }

    /// Closed before the X server ends, which GTK would take for a crash.
    func close() {
        if isOpen, let display = gdk_display_get_default() { gdk_display_close(display) }
        isOpen = false
    }
}

/// A test class that runs GTK in its own process, on its own X server;
/// its tests are skipped without one.
class InProcessGtkTestCase: XCTestCase {
    nonisolated(unsafe) private static var display: InProcessDisplay?

    override class func setUp() {
        display = InProcessDisplay()
    }

    override class func tearDown() {
        display?.close()
        display = nil
    }

    override func setUpWithError() throws {
        guard InProcessGtkTestCase.display?.isOpen == true else { throw XCTSkip("no X server or GTK display (bash .ci/install --gtk)") }
    }
}
