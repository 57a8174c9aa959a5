import Foundation
import XCTest

/// What the tests read of the X screen beside the window's own lines: a
/// window's size as the X server has it, and where a screenshot goes.
extension WindowDriver {
    /// Screenshots for the README and the docs, when asked for
    /// (`BEHAVE_SCREENSHOTS=1`); else into a temporary folder.
    static func screenshotFile(_ name: String) -> URL {
        ProcessInfo.processInfo.environment["BEHAVE_SCREENSHOTS"] != nil
            ? checkout.appendingPathComponent("Docs").appendingPathComponent(name)
            : FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(name)")
    }

    /// The size of the window titled `title`, as the X server has it.
    func size(ofWindowTitled title: String) throws -> (width: Int, height: Int) {
        let geometry = try run("xdotool", ["search", "--name", "^\(title)$", "getwindowgeometry"])
        let line = try XCTUnwrap(geometry.split(separator: "\n").first { $0.contains("Geometry:") }, geometry)
        let sides = line.split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? []
        guard sides.count == 2 else { throw XCTSkip.failure("no size in \(geometry)") }
        return (sides[0], sides[1])
    }
}
