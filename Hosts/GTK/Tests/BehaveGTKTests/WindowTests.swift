import BehaveCommandLine
import Foundation
import XCTest

/// `behave window` on real GTK widgets under Xvfb, driven with real X
/// events: clicks, drags, typing and keys reach the behaviours, what they
/// set reaches the screen, and ending the window destroys them.
final class WindowTests: XCTestCase {
    func testAClickOnTheToggleChangesItsPicture() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/Toggle/toggle.scene.yaml")
        try driver.waitForLine(containing: "wifi.image: nil → toggle-off")
        let before = try driver.snapshot("wifi")
        try driver.click("wifi")
        try driver.waitForLine(containing: "wifi touchDown")
        try driver.waitForLine(containing: "wifi touchUpInside")
        try driver.waitForLine(containing: "wifi.image: toggle-off (64×64) → toggle-on (64×64)")
        try driver.waitForLine(containing: "action toggleChanged from toggle to screen: unhandled")
        try driver.waitForFrame(after: "wifi.image: toggle-off (64×64) → toggle-on (64×64)")
        let after = try driver.snapshot("wifi")
        XCTAssertGreaterThan(try driver.differingPixels(before, after), 20, "the button's face changed on the screen")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    func testMidFadeTheButtonIsHalfTransparent() throws {
        let driver = try WindowDriver()
        // A slow fade (3 s out, 3 s back), so that a screenshot falls in its middle.
        try driver.open("Examples/Toggle/toggle.scene.yaml", ["--set", "fadingToggle.duration=3"])
        try driver.waitForLine(containing: "sound.image: nil → sound-off")
        let opaque = try driver.contrast(of: "sound")
        try driver.click("sound")
        try driver.xdotool(["mousemove", "700", "650"])     // no hover on the button
        try driver.waitForLine(containing: "sound touchUpInside")
        // Looked at until it has lost some of its contrast, however late
        // a loaded machine draws the fade: then it is on its way out.
        var midFade = opaque
        try driver.wait(for: "the button to fade") {
            midFade = (try? driver.contrast(of: "sound")) ?? opaque
            return midFade < opaque * 0.85
        }
        try driver.screenshot(WindowDriver.screenshotFile("window-fade.png"), width: 360, height: 220)
        // Half transparent: its text and border fade into the window.
        XCTAssertGreaterThan(midFade, opaque * 0.15, "not gone yet: opaque \(opaque)")
        XCTAssertLessThan(midFade, opaque * 0.85, "fading: opaque \(opaque)")
        try driver.waitForLine(containing: "sound.alpha: 1 → 0")
        try driver.waitForLine(containing: "sound.image: sound-off (64×64) → sound-on (64×64)")
        try driver.waitForLine(containing: "sound.alpha: 0 → 1")
        // Opaque again, with its other face (a filled icon: more contrast, not less).
        XCTAssertGreaterThan(try driver.contrast(of: "sound"), opaque * 0.85, "opaque again")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    func testADesignersUiFileDrivesBehaviours() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/GTK/settings.scene.yaml")
        // The .ui file's widgets are bound by id, with the values drawn there.
        for id in ["wifi", "bluetooth", "brightness", "email", "favorite", "summary"] {
            XCTAssertNotNil(driver.places[id], "\(id) is bound: \(driver.places.keys.sorted())")
        }
        try driver.waitForLine(containing: #"summary.text: "" → "Wi-Fi on · Bluetooth off · brightness 50%""#)
        // A flipped switch.
        try driver.click("bluetooth")
        try driver.waitForLine(containing: "bluetooth.on: false → true")
        try driver.waitForLine(containing: "Wi-Fi on · Bluetooth on · brightness 50%\"")
        // A dragged slider.
        try driver.drag("brightness", fromFraction: 0.5, toFraction: 0.95)
        try driver.waitForLine(containing: "brightness valueChanged")
        let moved = try driver.waitForLine(containing: "brightnessLabel.text: \"Brightness 50%\" →")
        XCTAssertFalse(moved.hasSuffix("\"Brightness 50%\""), moved)
        // Typing reaches the validation behaviour; leaving the field shows its verdict.
        try driver.click("email")
        try driver.type("bob@")
        try driver.waitForLine(containing: #"email.text: "bob" → "bob@""#)
        try driver.key("Tab")
        try driver.waitForLine(containing: "email editingDidEnd")
        try driver.waitForLine(containing: "emailError.hidden: true → false")
        XCTAssertTrue(driver.lines.contains { $0.contains(#"emailError.text: "" → "Not an email address""#) })
        try driver.click("email")
        try driver.type("example.com")
        try driver.waitForLine(containing: #"emailError.text: "Not an email address" → """#)
        // Flipping Wi-Fi off turns Bluetooth off, on the screen too.
        try driver.click("wifi")
        try driver.waitForLine(containing: "bluetooth.on: true → false")
        // and disables it (dimmed, insensitive): a click reaches nothing.
        try driver.waitForLine(containing: "bluetooth.enabled: true → false")
        try driver.screenshot(WindowDriver.screenshotFile("window.png"), width: 360, height: 378)
        try driver.click("bluetooth")
        try driver.click("wifi")
        try driver.waitForLine(containing: "bluetooth.enabled: false → true")
        XCTAssertEqual(driver.lines.filter { $0.contains("bluetooth.on: false → true") }.count, 1, "the disabled switch was flipped")
        // Ctrl+W closes the window: every behaviour is destroyed, status 0.
        try driver.key("ctrl+w")
        XCTAssertEqual(try driver.end(), 0)
        for behaviour in ["settings", "emailCheck", "favouriteToggle"] {
            XCTAssertTrue(driver.lines.contains { $0.hasSuffix("\(behaviour) destroyed") }, behaviour)
        }
    }

    /// Without a display the window says what to set; with DISPLAY naming
    /// a display no server runs, it says which it tried, not to set it.
    func testAMissingDisplayIsToldAsWhatToDo() throws {
        func refusal(_ display: String?) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = WindowDriver.windowBinary
            process.arguments = [WindowDriver.checkout.appendingPathComponent("Examples/Toggle/toggle.scene.yaml").path]
            var environment = ProcessInfo.processInfo.environment
            environment["WAYLAND_DISPLAY"] = nil
            environment["DISPLAY"] = display
            environment["GDK_BACKEND"] = "x11"
            process.environment = environment
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        var unused = 0
        repeat { unused = Int.random(in: 100...999) } while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(unused)")
        let (status, text) = try refusal(":\(unused)")
        XCTAssertEqual(status, 2)
        XCTAssertEqual(text, "behave window: cannot open the display (DISPLAY=:\(unused)): no display server answers there; "
                       + "start one (for example, Xvfb :99 & DISPLAY=:99 behave window …) or set DISPLAY to one that runs\n")
        let (unset, told) = try refusal(nil)
        XCTAssertEqual(unset, 2)
        XCTAssertEqual(told, "behave window: no display to open a window on; set DISPLAY (for example, under Xvfb: "
                       + "Xvfb :99 & DISPLAY=:99 behave window …)\n")
    }

    /// A designer's mistakes are told at their lines and the window does
    /// not open: a `.ui` file that is missing, or not a file (a FIFO, which
    /// GTK would wait on for ever), at the scene's `ui:` line, as `behave
    /// check` tells it; a misspelt id with the id the file has; what GTK
    /// refuses in the file at the file's line and column.
    func testADesignersMistakesAreToldAtTheirLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = fixtures("Mistakes")
        let scene = folder.appendingPathComponent("order.scene.yaml")
        let ui = folder.appendingPathComponent("order.ui")
        try FileManager.default.copyItem(at: source.appendingPathComponent("order.scene.yaml"), to: scene)
        let window = try String(contentsOf: source.appendingPathComponent("order.ui"), encoding: .utf8)
        func refused(_ expected: String) throws {
            let driver = try WindowDriver()
            XCTAssertEqual(try driver.refuse(scene.path), 2)
            XCTAssertTrue(driver.lines.contains { $0 == expected || $0.hasSuffix("/" + expected) }, "\(driver.lines)")
        }
        try refused("order.scene.yaml:2: order.ui: no such file (a `ui` file is looked for beside the scene)")
        XCTAssertEqual(mkfifo(ui.path, 0o600), 0)
        try refused("order.scene.yaml:2: order.ui: not a regular file")
        try FileManager.default.removeItem(at: ui)
        // Fixtures/Mistakes/order.ui's window, `button` in it (at line 6, column 7).
        func draw(_ button: String) throws {
            try Data(window.replacingOccurrences(of: "<!-- widget -->", with: button).utf8).write(to: ui)
        }
        try draw(#"<object class="GtkButton" id="ordr"/>"#)
        try refused("order.scene.yaml:4: control `order`: order.ui has no object with id `order` (did you mean `ordr`?); "
                    + "rename the control or the widget")
        try draw(#"<object class="GtkButton" id="order"><property name="lable">Order</property></object>"#)
        // Before: "Invalid property: GtkButton.lable", with no fix.
        try refused("order.ui:6:68: GtkButton has no property `lable` (did you mean `label`?)")
        try draw(#"<object class="GtkButton" id="order"><property name="pinkness">3</property></object>"#)
        try refused("order.ui:6:71: GtkButton has no property `pinkness`; remove it (gtk4-builder-tool validate lists what GTK reads)")
        try draw(#"<object class="GtkButon" id="order"/>"#)
        try refused("order.ui:6:44: no GTK class is named `GtkButon` (did you mean `GtkButton`?)")
        // Before: a value GTK cannot read was told with no line and no fix
        // ("order.ui: Failed to set property GtkBox.orientation to verticl:
        // Could not parse enum: 'verticl'").
        try draw(#"<object class="GtkBox"><property name="orientation">verticl</property><child><object class="GtkButton" id="order"/></child></object>"#)
        try refused("order.ui:6:60: `orientation` of GtkBox is `verticl`, which GTK cannot read as its value; give one of horizontal, vertical")
        try draw(#"<object class="GtkButton" id="order"><property name="width-request">wide</property></object>"#)
        try refused("order.ui:6:76: `width-request` of GtkButton is `wide`, which GTK cannot read as its value; give a whole number")
        try draw(#"<object class="GtkButton" id="order"><property name="receives-default">Ture</property></object>"#)
        try refused("order.ui:6:79: `receives-default` of GtkButton is `Ture`, which GTK cannot read as its value; give True or False")
        // A property of a layout child, and one bound to another's, are not the object's to check.
        try draw(#"<object class="GtkGrid"><child><object class="GtkButton" id="order"><property name="visible" bind-source="order" bind-property="sensitive"/><layout><property name="column">1</property></layout></object></child></object>"#)
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.waitForLine(containing: "geometry order ")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
        // A widget of another class: both ways out, the type that fits it named.
        try draw(#"<object class="GtkLabel" id="order"/>"#)
        try refused("order.scene.yaml:4: control `order`: `order` in order.ui is a GtkLabel, but the scene says Button: "
                    + "a Button is a GtkButton; change the widget's class to GtkButton in order.ui, "
                    + "or the control to `type: Label` in the scene (a GtkLabel is a Label)")
        try draw(#"<object class="GtkCalendar" id="order"/>"#)
        try refused("order.scene.yaml:4: control `order`: `order` in order.ui is a GtkCalendar, but the scene says Button: "
                    + "a Button is a GtkButton; change the widget's class to GtkButton in order.ui, "
                    + "or the control to `type: View` in the scene (a View takes any widget)")
    }

    /// A screen drawn as one widget at the file's top level, without a
    /// GtkWindow (as Cambalache may draw it), is the window's content; two
    /// widgets at the top, or none, are told.
    func testAScreenDrawnAsOneWidgetWithoutAWindowOpens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("lone.scene.yaml")
        // lone.ui draws a box at the top, without a window.
        for name in ["lone.scene.yaml", "counter.lua", "lone.ui"] {
            try FileManager.default.copyItem(at: fixtures("Lone").appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.click("order")
        try driver.waitForLine(containing: #"count.text: "0" → "1""#)
        XCTAssertFalse(driver.lines.contains { $0.contains("Gtk-") }, "\(driver.lines)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
        // Two widgets at the top: which is the screen is not known.
        let box = try String(contentsOf: folder.appendingPathComponent("lone.ui"), encoding: .utf8)
        try Data(box.replacingOccurrences(of: "</interface>", with: "  <object class=\"GtkLabel\" id=\"other\"/>\n</interface>").utf8)
            .write(to: folder.appendingPathComponent("lone.ui"))
        let refusing = try WindowDriver()
        XCTAssertEqual(try refusing.refuse(scene.path), 2)
        XCTAssertTrue(refusing.lines.contains { $0.hasSuffix("lone.ui: no GtkWindow, nor one widget at the top, to show; draw the screen "
                                                             + "inside a GtkWindow, or as one widget (a GtkBox) at the file's top level") },
                      "\(refusing.lines)")
    }

    /// Docs/scenes.md's hand-written `.ui` skeleton opens with its scene,
    /// each control bound to the widget of its id.
    func testTheDocsUiSkeletonOpens() throws {
        let docs = try String(contentsOf: WindowDriver.checkout.appendingPathComponent("Docs/scenes.md"), encoding: .utf8)
        let section = try XCTUnwrap(docs.range(of: "\n## A designer's `.ui` file\n"))
        func block(_ language: String) throws -> String {
            let rest = docs[section.upperBound...]
            let start = try XCTUnwrap(rest.range(of: "```\(language)\n"))
            let end = try XCTUnwrap(rest[start.upperBound...].range(of: "```"))
            return String(rest[start.upperBound..<end.lowerBound])
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(try block("yaml").utf8).write(to: folder.appendingPathComponent("settings.scene.yaml"))
        try Data(try block("xml").utf8).write(to: folder.appendingPathComponent("settings.ui"))
        let driver = try WindowDriver()
        try driver.open(folder.appendingPathComponent("settings.scene.yaml").path)
        for id in ["wifi", "email"] { XCTAssertNotNil(driver.places[id], "\(id): \(driver.lines)") }
        try driver.click("wifi")
        try driver.waitForLine(containing: "wifi.on: false → true")
        XCTAssertFalse(driver.lines.contains { $0.contains("warning") || $0.contains("Gtk-") }, "\(driver.lines)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A GtkScale drawn for a Stepper is told both ways out; a frame the
    /// scene gives a control of the `.ui` file is said to be unused, at its
    /// line, and the window opens.
    func testAWidgetThatDoesNotFitAndAnUnusedFrameAreTold() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = fixtures("Coffee")
        let scene = folder.appendingPathComponent("coffee.scene.yaml")
        try FileManager.default.copyItem(at: source.appendingPathComponent("coffee.scene.yaml"), to: scene)
        let drawn = try String(contentsOf: source.appendingPathComponent("coffee.ui"), encoding: .utf8)
        // Fixtures/Coffee/coffee.ui, its GtkSpinButton drawn as a `widgetClass`.
        func draw(_ widgetClass: String) throws {
            try Data(drawn.replacingOccurrences(of: "GtkSpinButton", with: widgetClass).utf8).write(to: folder.appendingPathComponent("coffee.ui"))
        }
        try draw("GtkScale")
        let refusing = try WindowDriver()
        XCTAssertEqual(try refusing.refuse(scene.path), 2)
        XCTAssertTrue(refusing.lines.contains { $0.hasSuffix(
            "coffee.scene.yaml:4: control `shots`: `shots` in coffee.ui is a GtkScale, but the scene says Stepper: "
            + "a Stepper is a GtkSpinButton; change the widget's class to GtkSpinButton in coffee.ui, "
            + "or the control to `type: Slider` in the scene (a GtkScale is a Slider)") }, "\(refusing.lines)")
        try draw("GtkSpinButton")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix(
            "coffee.scene.yaml:4: warning: control `shots`: its frame is not used in behave window, where coffee.ui lays its widget out "
            + "(it places the control only headless: behave run, specs, the studio); size and place the widget in coffee.ui, "
            + "or take `frame` out") }, "\(driver.lines)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// Saving the designer's `.ui` file loads the scene again, as saving a
    /// script does; a mistake in it is shown while the last good scene runs.
    func testSavingTheUiFileReloadsTheScene() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-ui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = fixtures("UiReload")
        let scene = folder.appendingPathComponent("order.scene.yaml")
        try FileManager.default.copyItem(at: source.appendingPathComponent("order.scene.yaml"), to: scene)
        let drawn = try String(contentsOf: source.appendingPathComponent("order.ui"), encoding: .utf8)
        // Saves Fixtures/UiReload/order.ui, its button's label given as `property`.
        func draw(_ property: String) throws {
            try save(drawn.replacingOccurrences(of: #"name="label""#, with: #"name="\#(property)""#), to: folder.appendingPathComponent("order.ui"))
        }
        try draw("label")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.waitForLine(containing: "toggle awake")
        try draw("lable")
        try driver.waitForLine(containing: "order.ui saved, but the scene does not load; the last good scene keeps running.")
        try driver.waitForLine(containing: "order.ui:6:68: GtkButton has no property `lable` (did you mean `label`?)")
        try draw("label")
        try driver.waitForLine(containing: "order.ui saved: loading the scene again")
        try driver.wait(for: "the new widgets laid out") { driver.lines.filter { $0.hasPrefix("geometry order ") }.count == 2 }
        try driver.click("order")
        try driver.waitForLine(containing: "order.image: toggle-off → toggle-on")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// Text styles reach the widgets as CSS: a red, larger, bold label
    /// beside a plain one of the same text, an orange button title, and
    /// changes from the prompt.
    func testColoursAndFontsReachTheWidgets() throws {
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open("Examples/GTK/styles.scene.yaml", input: input)
        try driver.waitForLine(containing: "geometry code ")
        let plain = try driver.colour(of: "plain"), total = try driver.colour(of: "total")
        XCTAssertLessThan(abs(plain.red - plain.green), 0.02, "black text: \(plain)")
        XCTAssertGreaterThan(total.red - total.green, 0.04, "red text: \(total)")
        let plainInk = try driver.ink(of: "plain"), totalInk = try driver.ink(of: "total")
        XCTAssertGreaterThan(totalInk, plainInk * 1.8, "28 pt bold against 17 pt regular")
        let buy = try driver.colour(of: "buy")
        XCTAssertGreaterThan(buy.red - buy.blue, 0.03, "an orange title: \(buy)")
        try driver.screenshot(WindowDriver.screenshotFile("window-styles.png"), width: 300, height: 240)

        input.fileHandleForWriting.write(Data("set total.fontSize 12\nset buy.titleColor blue\nset plain.fontWeight heavy\n".utf8))
        try driver.waitForFrame(after: "plain.fontWeight")
        XCTAssertLessThan(try driver.ink(of: "total"), totalInk * 0.7, "smaller")
        XCTAssertGreaterThan(try driver.ink(of: "plain"), plainInk * 1.1, "heavier")
        let blue = try driver.colour(of: "buy")
        XCTAssertGreaterThan(blue.blue - blue.red, 0.03, "a blue title: \(blue)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    func testRemovingAWidgetDestroysTheBehaviourItOwns() throws {
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open("Examples/GTK/settings.scene.yaml", input: input)
        let before = try driver.snapshot("favorite")
        input.fileHandleForWriting.write(Data("remove favorite\n".utf8))
        try driver.waitForLine(containing: "favorite removed")
        try driver.waitForFrame(after: "favouriteToggle destroyed")
        XCTAssertGreaterThan(try driver.differingPixels(before, try driver.snapshot("favorite")), 20, "the button left the window")
        XCTAssertFalse(driver.lines.contains { $0.hasSuffix("settings destroyed") }, "the others live on")
        XCTAssertEqual(try driver.end(with: SIGINT), 0)
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("settings destroyed") })
    }

    func testTheImagePickersDialogsAreRealWindows() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/ImagePicker/profile.scene.yaml")
        try driver.click("change")
        try driver.waitForLine(containing: "geometry option:Photo Library")
        var option = try XCTUnwrap(option(driver, "Photo Library"))
        try driver.xdotool(["mousemove", "\(option.0)", "\(option.1)", "click", "1"])
        try driver.waitForLine(containing: #"chose "Photo Library""#)
        try driver.waitForLine(containing: "geometry option:mountains.png")
        option = try XCTUnwrap(self.option(driver, "mountains.png"))
        try driver.screenshot(WindowDriver.screenshotFile("window-picker.png"), width: 320, height: 480)
        try driver.xdotool(["mousemove", "\(option.0)", "\(option.1)", "click", "1"])
        try driver.waitForLine(containing: #"chose "mountains.png""#)
        try driver.waitForLine(containing: "avatar.image: nil → mountains.png")
        try driver.waitForLine(containing: "action photoChanged from picker to screen")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The centre of a dialog's button, from the last geometry printed for it.
    private func option(_ driver: WindowDriver, _ title: String) -> (Int, Int)? {
        guard let line = driver.lines.last(where: { $0.hasPrefix("geometry option:\(title) ") }) else { return nil }
        let numbers = line.split(separator: " ").suffix(4).compactMap { Int($0) }
        guard numbers.count == 4 else { return nil }
        return (numbers[0] + numbers[2] / 2, numbers[1] + numbers[3] / 2)
    }

    /// A script error in a handler shows over the window, with its file,
    /// line and handler, and goes after a while; the scene runs on.
    /// Before: only the terminal said it, and the click did nothing to see.
    func testAScriptErrorIsShownInTheWindowForAWhile() throws {
        let scene = fixtures("Errors").appendingPathComponent("broken.scene.yaml")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.waitForLine(containing: "broken awake")
        let before = try driver.snapshot("label")
        try driver.click("button")
        try driver.waitForLine(containing: "broken.lua:5: attempt to concatenate a nil value")
        // The bar shows at the window's next look for errors, not with the line.
        try driver.wait(for: "the error shown over the scene") {
            (try? driver.differingPixels(before, try driver.snapshot("label"))) ?? 0 > 50
        }
        try driver.wait(for: "the error to go") {
            (try? driver.differingPixels(before, try driver.snapshot("label"))) ?? 1 < 20
        }
        XCTAssertEqual(try driver.end(with: SIGTERM), 1)
    }

    /// An error a behaviour's `awake` raises shows in the bar too, as a
    /// handler's does, and goes after a while. Before: only the terminal
    /// told it (the scene's errors so far counted as seen).
    func testAnAwakesErrorIsShownInTheWindow() throws {
        let scene = fixtures("Errors").appendingPathComponent("typo.scene.yaml")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.waitForLine(containing: "typo.lua:4: attempt to concatenate a nil value")
        // The bar shows at the window's next look for errors, not with the
        // line: its pink over the label (more red than green) says it is in.
        try driver.wait(for: "the error shown over the label") {
            guard let colour = try? driver.colour(of: "label") else { return false }
            return colour.red - colour.green > 0.04
        }
        let shown = try driver.snapshot("label")
        var gone: URL?
        try driver.wait(for: "the error to go") {
            gone = try? driver.snapshot("label")
            return gone.map { (try? driver.differingPixels(shown, $0)) ?? 0 > 50 } ?? false
        }
        XCTAssertEqual(try driver.end(with: SIGTERM), 1)
    }

    /// A script's error of hundreds of lines shows its first lines: the
    /// scene below the bar stays in sight. Before: the bar grew to the
    /// window's height and hid the scene it says runs on.
    func testALongScriptErrorLeavesTheSceneInSight() throws {
        let scene = fixtures("Errors").appendingPathComponent("long.scene.yaml")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.waitForLine(containing: "long awake")
        let button = try driver.snapshot("button"), low = try driver.snapshot("low")
        try driver.click("button")
        try driver.waitForLine(containing: "long.lua:5: <b>not markup</b> line")
        // The bar shows at the window's next look for errors, not with the line.
        try driver.wait(for: "the error shown") { (try? driver.differingPixels(button, try driver.snapshot("button"))) ?? 0 > 50 }
        XCTAssertLessThan(try driver.differingPixels(low, try driver.snapshot("low")), 20, "the scene below stays in sight")
        XCTAssertEqual(try driver.end(with: SIGTERM), 1)
    }

    func testSavingAFileReloadsItAndAMistakeIsShownInTheWindow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("counter.scene.yaml")
        let first = try String(contentsOf: fixtures("Counter").appendingPathComponent("counter.scene.yaml"), encoding: .utf8)
        // Saves Fixtures/Counter's scene, its label's text `title`.
        func write(_ title: String) throws {
            try save(first.replacingOccurrences(of: #"text: "First""#, with: #"text: "\#(title)""#), to: scene)
        }
        try write("First")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.waitForLine(containing: "toggle awake")
        // Saved: loaded again, the old scene's behaviours destroyed once
        // the new ones woke.
        try write("Second")
        try driver.waitForLine(containing: "counter.scene.yaml saved: loading the scene again")
        try driver.waitForLine(containing: "toggle destroyed")
        let lines = driver.lines
        let destroyed = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("toggle destroyed") }, "\(lines)")
        let saved = try XCTUnwrap(lines.firstIndex { $0.contains("saved: loading the scene again") }, "\(lines)")
        let awake = try XCTUnwrap(lines.lastIndex { $0.hasSuffix("toggle awake") }, "\(lines)")
        XCTAssert(saved < awake && awake < destroyed, "\(lines)")
        try driver.wait(for: "the new widgets laid out") { driver.lines.filter { $0.hasPrefix("geometry button ") }.count == 2 }
        try driver.click("button")
        try driver.waitForLine(containing: "button.image: toggle-off → toggle-on")
        // A mistake: the window says why; the last good scene runs on.
        let before = try driver.snapshot("label")
        try save(first.replacingOccurrences(of: "type: Label", with: "type: Labl"), to: scene)
        try driver.waitForLine(containing: "the last good scene keeps running")
        try driver.waitForFrame(after: "unknown control type `Labl`")
        XCTAssertGreaterThan(try driver.differingPixels(before, try driver.snapshot("label")), 50, "the problem is shown over the scene")
        try driver.click("button")
        try driver.waitForLine(containing: "button.image: toggle-on → toggle-off")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A saved script whose `awake` raises replaces nothing, as Defold's
    /// and Roblox Studio's hot reloads keep the running game: the bar shows
    /// the error at its line, the widgets keep the old scene's values (not
    /// what the failed `awake` set before it raised), a real click still
    /// reaches the old behaviour, which still updates its widget, and the
    /// next good save takes over. Before: the new scene replaced the old
    /// one half-woken, and the click did nothing.
    func testAnAwakeThatRaisesOnSaveKeepsTheRunningScene() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-awake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("counter.scene.yaml"), script = folder.appendingPathComponent("counter.lua")
        let fixtures = WindowDriver.checkout.appendingPathComponent("Hosts/GTK/Tests/BehaveGTKTests/Fixtures/Resave")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("counter.scene.yaml"), to: scene)
        // Saves the counter script of Fixtures/Resave named `name`.
        func write(_ name: String) throws {
            try save(String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8), to: script)
        }
        try write("counter.lua")
        let driver = try WindowDriver()
        try driver.open(scene.path)
        try driver.click("button")
        try driver.waitForFrame(after: #"count.text: "old ready" → "old 1""#)
        let top = try driver.snapshot("top"), count = try driver.snapshot("count")

        try write("counter_raises_in_awake.lua")
        try driver.waitForLine(containing: "counter.lua saved, but the scene does not load; the last good scene keeps running")
        try driver.waitForLine(containing: "counter.lua:9: not ready")
        try driver.waitForFrame(after: "counter.lua:9: not ready")
        XCTAssertGreaterThan(try driver.differingPixels(top, try driver.snapshot("top")), 50, "the error is shown over the scene")
        XCTAssertLessThan(try driver.differingPixels(count, try driver.snapshot("count")), 20,
                          "the label shows the old scene's value, not the failed awake's \"half ready\"")
        try driver.click("button")
        try driver.waitForFrame(after: #"count.text: "old 1" → "old 2""#)
        XCTAssertGreaterThan(try driver.differingPixels(count, try driver.snapshot("count")), 20, "the old scene still updates its widget")
        // The failed scene was dismissed at its time, 0s; the running one, not at all.
        XCTAssert(driver.lines.contains("[0s] counter destroyed"), "\(driver.lines)")
        func oldSceneDestroyed() -> Bool { driver.lines.contains { $0.hasSuffix("counter destroyed") && !$0.hasPrefix("[0s]") } }
        XCTAssertFalse(oldSceneDestroyed(), "the running scene was dismissed: \(driver.lines)")

        try write("counter_new.lua")
        try driver.waitForLine(containing: #"count.text: "0" → "new ready""#)
        try driver.wait(for: "the old scene dismissed", oldSceneDestroyed)
        try driver.wait(for: "the new widgets laid out") { driver.lines.filter { $0.hasPrefix("geometry button ") }.count == 2 }
        try driver.click("button")
        try driver.waitForFrame(after: #"count.text: "new ready" → "new 1""#)
        XCTAssertLessThan(try driver.differingPixels(top, try driver.snapshot("top")), 20, "the error is gone with the good save")
        // The failed scene's error counts, as a replaced scene's does.
        XCTAssertEqual(try driver.end(with: SIGTERM), 1)
    }

    /// Values set at the prompt are kept across reloads, in a script's
    /// default scene too; a saved script that refuses them loads without
    /// them, and says so.
    func testValuesSetAtThePromptSurviveAReloadUnlessTheScriptRefusesThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("toggle.lua")
        let original = try String(contentsOf: WindowDriver.checkout.appendingPathComponent("Scripts/toggle.lua"), encoding: .utf8)
        try Data(original.utf8).write(to: script)
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open(script.path, input: input)
        input.fileHandleForWriting.write(Data("set toggle.animated true\nset toggle.duration 5\n".utf8))
        try driver.waitForLine(containing: "toggle.duration: 0.7 → 5")
        try save(original + "-- saved\n", to: script)
        try driver.waitForLine(containing: "toggle.lua saved: loading the scene again")
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""animated":true,"duration":5}"#)
        // The saved script allows at most 2: the scene loads without them.
        try save(original.replacingOccurrences(of: "max = 10", with: "max = 2"), to: script)
        try driver.waitForLine(containing: "the values set since were dropped, as the new scene refuses them")
        try driver.waitForLine(containing: "duration must be at most 2, not 5")
        input.fileHandleForWriting.write(Data("state\n".utf8))
        try driver.waitForLine(containing: #""animated":false,"duration":0.7}"#)
        XCTAssertFalse(driver.lines.contains { $0.contains("does not load") }, "\(driver.lines)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The exit status counts the script errors of every scene the window
    /// ran, as `behave run` counts a run's: a script fixed and saved does
    /// not hide the error it raised before.
    func testAnErrorBeforeAReloadStillGivesStatusOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("greeter.lua")
        // Saves the greeter script of Fixtures/Greeter named `name`.
        func write(_ name: String) throws {
            try save(String(contentsOf: fixtures("Greeter").appendingPathComponent(name), encoding: .utf8), to: script)
        }
        try write("greeter.lua")
        let driver = try WindowDriver()
        try driver.open(script.path)
        try driver.waitForLine(containing: "greeter.lua:2: not yet")
        try write("greeter_fixed.lua")
        try driver.waitForLine(containing: "greeter.lua saved: loading the scene again")
        try driver.waitForLine(containing: #"label.text: "" → "Hello""#)
        // Before: 0, the status of the last scene alone.
        XCTAssertEqual(try driver.end(with: SIGTERM), 1)
    }

    /// `--do quit` ends the scene before the window shows: the process
    /// ends with it. Before: GTK was told to present the destroyed window
    /// (a critical), and the main loop, told to stop before it ran, ran on
    /// with no window, ignoring SIGTERM and Ctrl-C.
    func testAQuitGivenWithDoEndsTheWindow() throws {
        let scene = WindowDriver.checkout.appendingPathComponent("Examples/GTK/mixer.scene.yaml").path
        let driver = try WindowDriver()
        let (status, output) = try driver.runToTheEnd(scene, ["--do", "quit"])
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains("level destroyed"), output)
        XCTAssertFalse(output.contains("CRITICAL"), output)
    }

    /// Commands on standard input are read as `behave run` reads them: a
    /// line may end in CR LF (a transcript saved on Windows), and the
    /// last may end without a line break. Before: each line was refused
    /// as holding a line break, and the last was never run, so the window
    /// did not quit (found in the chaos sweep, Tools/Monkey).
    func testCommandsEndingInCrLfOrWithoutALineBreakAreRun() throws {
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open("Examples/GTK/mixer.scene.yaml", input: input)
        try driver.click("mute")
        try driver.waitForLine(containing: "mute.on: false → true")
        input.fileHandleForWriting.write(Data("set mute.on false\r\nshow\r\nquit".utf8))
        try input.fileHandleForWriting.close()
        XCTAssertEqual(try driver.end(), 0, driver.lines.joined(separator: "\n"))
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("mute.on: true → false") }, driver.lines.joined(separator: "\n"))
        XCTAssertTrue(driver.lines.contains { $0.contains("│ mute ") }, driver.lines.joined(separator: "\n"))
        XCTAssertFalse(driver.lines.contains { $0.contains("line break") }, driver.lines.joined(separator: "\n"))
    }

    func testScrollingTheRealScrollViewReachesItsDelegates() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/Scrolling/article.scene.yaml")
        let (x, y) = try driver.center(of: "header")
        // The mouse wheel, as a person scrolls.
        try driver.xdotool(["mousemove", "\(x)", "\(y)", "click", "5", "click", "5", "click", "5"])
        let offset = try driver.waitForLine(containing: "header.contentOffset: (0, 0) →")
        XCTAssertFalse(offset.hasSuffix("(0, 0)"), offset)
        // Both behaviours behind the Multiplexer hear scrollViewDidScroll.
        try driver.waitForLine(containing: "cover.frame: (0, 0, 375×240) →")
        try driver.waitForLine(containing: "title.alpha: 1 →")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    // MARK: Stacks

    /// The settings screen laid out by stacks in its scene file (no .ui):
    /// rows across with the switch at the trailing edge, the rest down the
    /// window in the file's order, a hidden label taking no room; real
    /// clicks, a drag and typing reach the behaviours.
    func testAStackLaidSceneIsLaidOutAndDriven() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/GTK/settings_stacks.scene.yaml")
        try driver.waitForLine(containing: #"summary.text: "" → "Wi-Fi on · Bluetooth off · brightness 50%""#)
        let place = { (name: String) in try XCTUnwrap(driver.places[name], "\(name): \(driver.places.keys.sorted())") }
        let content = try place("content"), wifiRow = try place("wifiRow")
        let wifiTitle = try place("wifiTitle"), wifi = try place("wifi")
        // A row: the label takes the room left, the switch is at the end, 12 apart.
        XCTAssertEqual(wifiTitle.x, wifiRow.x)
        XCTAssertEqual(wifi.x + wifi.width, wifiRow.x + wifiRow.width, accuracy: 1)
        XCTAssertEqual(wifi.x, wifiTitle.x + wifiTitle.width + 12, accuracy: 1)
        XCTAssertEqual(wifiRow.width, content.width, "fill: each row as wide as the stack")
        // Down the window in the file's order, 14 apart; the hidden error
        // label has no place and leaves no gap.
        let order = ["wifiRow", "bluetoothRow", "brightnessLabel", "brightness", "emailTitle", "email", "favorite", "summary"]
        for (upper, lower) in zip(order, order.dropFirst()) {
            let top = try place(upper), bottom = try place(lower)
            XCTAssertEqual(bottom.y, top.y + top.height + 14, accuracy: 1, "\(upper) then \(lower)")
            XCTAssertEqual(bottom.x, content.x, "\(lower) at the stack's leading edge")
        }
        XCTAssertNil(driver.places["emailError"], "hidden")
        // The window: the column and its margins (16 on each side).
        try driver.screenshot(WindowDriver.screenshotFile("window-stacks.png"), width: content.x + content.width + 32,
                              height: content.y + content.height + 32)
        // Real input on the stacked widgets.
        try driver.click("bluetooth")
        try driver.waitForLine(containing: "bluetooth.on: false → true")
        try driver.drag("brightness", fromFraction: 0.5, toFraction: 0.95)
        try driver.waitForLine(containing: "brightness valueChanged")
        try driver.click("favorite")
        try driver.waitForLine(containing: "favorite.image: star-off → star-on")
        // The error label shown takes room: what follows it moves down.
        let favourite = try driver.snapshot("favorite")
        try driver.click("email")
        try driver.type("bob@")
        try driver.key("Tab")
        try driver.waitForFrame(after: "emailError.hidden: true → false")
        XCTAssertGreaterThan(try driver.differingPixels(favourite, try driver.snapshot("favorite")), 50, "the button moved down")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The tabs recipe: three tabs of one width across the top (a
    /// homogeneous box), and the chosen page where the first one was, since
    /// a hidden page takes no room.
    func testTabsInAStackShowTheChosenPageInPlace() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/Cookbook/tabs.scene.yaml")
        try driver.waitForLine(containing: "tabs awake")
        let general = try XCTUnwrap(driver.places["general"]), privacy = try XCTUnwrap(driver.places["privacy"])
        let about = try XCTUnwrap(driver.places["about"]), bar = try XCTUnwrap(driver.places["tabBar"])
        XCTAssertLessThanOrEqual([general.width, privacy.width, about.width].max()! - [general.width, privacy.width, about.width].min()!, 1,
                                 "fillEqually: one width (give or take a pixel of rounding)")
        XCTAssertEqual(privacy.x, general.x + general.width + 8, accuracy: 1, "spacing 8")
        XCTAssertEqual(about.x + about.width, bar.x + bar.width, accuracy: 1)
        XCTAssertNil(driver.places["privacyPage"], "a hidden page has no place")
        let before = try driver.snapshot("generalPage")
        try driver.click("privacy")
        try driver.waitForFrame(after: "privacyPage.hidden: true → false")
        XCTAssertGreaterThan(try driver.differingPixels(before, try driver.snapshot("generalPage")), 50,
                             "the privacy page is drawn where the general page was")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The sign-up form: a stack with padding in a scroll view (whose
    /// content GTK wraps in a viewport), as wide as the scroll view's
    /// content; a field of a frame's height; typing reaches it.
    func testAStackInAScrollViewHasItsPadding() throws {
        let driver = try WindowDriver()
        try driver.open("Examples/Form/signup.scene.yaml")
        try driver.waitForLine(containing: "bioLimit awake")
        let fields = try XCTUnwrap(driver.places["fields"], "\(driver.places.keys.sorted())")
        let heading = try XCTUnwrap(driver.places["heading"]), bio = try XCTUnwrap(driver.places["bio"])
        XCTAssertEqual(fields.width, 375, "as wide as the content")
        XCTAssertEqual(heading.x, fields.x + 16, "padding at the left")
        XCTAssertEqual(heading.y, fields.y + 16, "padding at the top")
        XCTAssertEqual(heading.width, 375 - 32, "and at the right")
        XCTAssertEqual(bio.height, 88, "the frame's height")
        try driver.click("email")
        try driver.type("ada")
        try driver.waitForLine(containing: #"email.text: "ad" → "ada""#)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The window takes `behave run`'s sandbox limits and image folder:
    /// a loop the default budget lets finish is stopped by a smaller one
    /// at its line, as are a script past a smaller memory or time limit;
    /// a folder of images given is read (one that is not there is refused).
    func testTheWindowTakesRunsLimitsAndImageFolder() throws {
        // A copy: the test adds a folder of images to it.
        let folder = try scratchCopy(of: "Limits")
        let script = folder.appendingPathComponent("busy.lua")
        let driver = try WindowDriver()
        let free = try driver.runToTheEnd(script.path, ["--do", "quit"])
        XCTAssertEqual(free.status, 0, free.output)
        XCTAssertTrue(free.output.contains("summed 45000150000"), free.output)
        let stopped = try driver.runToTheEnd(script.path, ["--instruction-limit", "100000", "--do", "quit"])
        XCTAssertEqual(stopped.status, 1, stopped.output)
        XCTAssertTrue(stopped.output.contains("busy.lua:5:") && stopped.output.contains("instruction budget exceeded"), stopped.output)
        XCTAssertFalse(stopped.output.contains("summed"), stopped.output)
        let hungry = folder.appendingPathComponent("hungry.lua").path
        XCTAssertEqual(try driver.runToTheEnd(hungry, ["--do", "quit"]).status, 0)
        let starved = try driver.runToTheEnd(hungry, ["--memory-limit", "4", "--do", "quit"])
        XCTAssertEqual(starved.status, 1, starved.output)
        XCTAssertTrue(starved.output.contains("memory limit exceeded"), starved.output)
        // A loop of a tenth of a second, let run past the default budget.
        let long = folder.appendingPathComponent("slow.lua").path, budget = ["--instruction-limit", "100000000"]
        let counted = try driver.runToTheEnd(long, budget + ["--do", "quit"])
        XCTAssertTrue(counted.output.contains("counted 20000000"), counted.output)
        let slow = try driver.runToTheEnd(long, budget + ["--time-limit", "0.01", "--do", "quit"])
        XCTAssertEqual(slow.status, 1, slow.output)
        XCTAssertTrue(slow.output.contains("slow.lua:5: time limit exceeded (0.01 s)"), slow.output)
        let missing = try driver.runToTheEnd(script.path, ["--images", folder.appendingPathComponent("none").path, "--do", "quit"])
        XCTAssertEqual(missing.status, 2, missing.output)
        XCTAssertTrue(missing.output.hasPrefix("behave: --images: "), missing.output)
        // The image a script names is sized from the folder's file.
        let images = folder.appendingPathComponent("images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        _ = try driver.run("convert", ["-size", "4x3", "xc:red", images.appendingPathComponent("dot.png").path])
        let pictured = folder.appendingPathComponent("pic.lua").path
        XCTAssertTrue(try driver.runToTheEnd(pictured, ["--do", "quit"]).output.contains("dot is nil wide"))
        let sized = try driver.runToTheEnd(pictured, ["--images", images.path, "--do", "quit"])
        XCTAssertEqual(sized.status, 0, sized.output)
        XCTAssertTrue(sized.output.contains("pic.image: nil → dot (4×3)") && sized.output.contains("dot is 4 wide"), sized.output)
        // A value out of range is bad usage, as `behave run` says it.
        let refused = try driver.runToTheEnd(script.path, ["--time-limit", "0"])
        XCTAssertEqual(refused.status, 2, refused.output)
        XCTAssertEqual(refused.output, "behave: --time-limit is in seconds, from 0.01 to 3600; not 0.0 (see `behave window --help`)\n")
    }

    /// `behave-window` run directly answers `--help` with `behave window
    /// --help`'s text, the `--version` line in it, and `--version` with
    /// Behave's version, as `behave` does; it printed its help without
    /// that line, and its help for `--version`. No display is needed.
    func testRunDirectlyItsHelpAndVersionAreBehaves() throws {
        func output(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = WindowDriver.windowBinary
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
        let (helped, help) = try output(["--help"])
        XCTAssertEqual(helped, 0)
        XCTAssertEqual(help, HelpWriter.text(for: WindowCommandLine.spec, version: true))
        XCTAssertTrue(help.contains("  --version "), help)
        let (versioned, version) = try output(["--version"])
        XCTAssertEqual(versioned, 0)
        XCTAssertEqual(version, BehaveVersion.current + "\n")
    }

    /// A `--set` a scene file refuses is bad usage, said as the other
    /// options' mistakes are (`behave: --set NAME: REASON`), as `behave
    /// run` says it; it was said as the file's mistake.
    func testASetTheSceneRefusesIsSaidAsTheOptionsMistakes() throws {
        let scene = WindowDriver.checkout.appendingPathComponent("Examples/Toggle/toggle.scene.yaml").path
        let driver = try WindowDriver()
        let (status, output) = try driver.runToTheEnd(scene, ["--set", "toggle.duration=abc"])
        XCTAssertEqual(status, 2, output)
        XCTAssertEqual(output, "behave: --set toggle.duration: duration takes a number, not `abc`\n")
    }

    /// A `--set` the script refuses is said as `behave run` says it, in
    /// the form a scene's takes: `behave: --set NAME: REASON`, status 2 (it
    /// printed `FILE: REASON`).
    func testASetTheScriptRefusesIsSaidAsRunSaysIt() throws {
        let script = WindowDriver.checkout.appendingPathComponent("Scripts/toggle.lua").path
        let driver = try WindowDriver()
        let (status, output) = try driver.runToTheEnd(script, ["--set", "duration=abc"])
        XCTAssertEqual(status, 2, output)
        XCTAssertEqual(output, "behave: --set duration: duration takes a number, not `abc`\n")
    }
}

/// What scripts set that no screen could show.
final class ExtremeValueTests: XCTestCase {
    func testSizesPastAnyScreenAndAMegabyteLabelLeaveTheWindowRunning() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Extremes/extremes.scene.yaml").path
        // With a view 50,000 pixels tall, the window opens at most as
        // large as the screen and scrolls.
        try driver.open(scene)
        try driver.click("go")
        // Before: a frame 10¹² wide trapped converting to GTK's int; then
        // the window grew past what X allows; then the wrapping label laid
        // out two megabytes for minutes a frame, and no timer fired.
        try driver.waitForLine(containing: "all set; the label holds 2000000 bytes")
        try driver.waitForLine(containing: "tick 5")
        let output = driver.lines.joined(separator: "\n")
        for trouble in ["Fatal error", "X Window System error", "CRITICAL", "WARNING"] {
            XCTAssertFalse(output.contains(trouble), output)
        }
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// Before: the label showed the letter and its 100,000 accents, one
    /// character within the 10,000 a label shows, which Pango laid out
    /// for minutes: no tick came.
    func testALetterUnderAHundredThousandAccentsLeavesTheWindowRunning() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Extremes/extremes.scene.yaml").path
        try driver.open(scene)
        try driver.click("accents")
        try driver.waitForLine(containing: "accents set; the label holds 200003 bytes")
        try driver.waitForLine(containing: "tick 5")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}

/// Removing a control bound in a `.ui` file, whatever holds its widget.
final class RemovedWidgetTests: XCTestCase {
    func testRemovingAControlInAFrameAButtonOrAPanedHidesItsWidget() throws {
        let driver = try WindowDriver()
        let input = Pipe()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Remove/remove.scene.yaml").path
        try driver.open(scene, input: input)
        let shown = try driver.contrast(of: "framed")
        input.fileHandleForWriting.write(Data("remove framed\nremove buttoned\nremove paned\n".utf8))
        try driver.waitForFrame(after: "paned removed")
        XCTAssertLessThan(try driver.contrast(of: "framed"), shown * 0.5, "its text is gone from the screen")
        // Before: the label was unparented behind its container's back, and
        // GTK unparented it again once freed (a critical, at best).
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
        XCTAssertFalse(driver.lines.contains { $0.contains("CRITICAL") || $0.contains("WARNING") }, driver.lines.joined(separator: "\n"))
    }
}

/// A scene saved with thousands of mistakes: the bar over the window
/// shows their start, and the last good scene runs on.
final class ManyMistakesTests: XCTestCase {
    func testTwentyThousandMistakesLeaveTheLastGoodSceneRunning() throws {
        let driver = try WindowDriver()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-mistakes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["ticking.lua", "ticking.scene.yaml"] {
            try FileManager.default.copyItem(at: fixtures("Ticking").appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let scene = folder.appendingPathComponent("ticking.scene.yaml")
        let good = try String(contentsOf: scene, encoding: .utf8)
        try driver.open(scene.path)
        try driver.waitForLine(containing: "tick 2")
        let mistakes = (0..<20_000).map { "  c\($0): { type: Buttonx\($0) }\n" }.joined()
        try (good.replacingOccurrences(of: "behaviours:", with: mistakes + "behaviours:")).write(to: scene, atomically: true, encoding: .utf8)
        try driver.waitForLine(containing: "saved, but the scene does not load")
        let ticks = driver.lines.compactMap { line in line.range(of: "] tick ").flatMap { Int(line[$0.upperBound...]) } }
        // Before: the bar laid out 1.5 MB of mistakes, wrapped, at every
        // frame: no frame came, and the clock stood still.
        try driver.waitForLine(containing: "tick \((ticks.max() ?? 0) + 8)")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}

/// A dialog taller than the screen scrolls within it.
final class TallDialogTests: XCTestCase {
    func testADialogOfTheMostOptionsFitsTheScreen() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ManyOptions/many_options.scene.yaml").path
        try driver.open(scene)
        try driver.click("go")
        try driver.waitForLine(containing: "geometry option:Cancel ")
        // Before: the dialog was as tall as its buttons (65 of them are
        // 2,600 pixels on a screen of 700), Cancel and most options off
        // the screen.
        let geometry = try driver.run("xdotool", ["search", "--name", "^Pick one$", "getwindowgeometry"])
        let size = try XCTUnwrap(geometry.split(separator: "\n").first { $0.contains("Geometry:") }, geometry)
        let height = try XCTUnwrap(Int(size.split(separator: "x").last?.trimmingCharacters(in: .whitespaces) ?? ""), geometry)
        XCTAssertLessThanOrEqual(height, 700, geometry)
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}

/// Each control's colours and fonts are its widget's own CSS.
final class ManyStylesTests: XCTestCase {
    func testTwoThousandStyledControlsAndOnesNamedAsTheHostsClasses() throws {
        let driver = try WindowDriver()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-styles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Before: the display's style sheet had a rule per control, which
        // GTK's selector tree took in recursively (2,000 overflowed its
        // stack); and a label named `problem` wore the problem bar's
        // style (a control's class was `bh-NAME`, as the host's are).
        var scene = try String(contentsOf: fixtures("ManyStyles").appendingPathComponent("many.scene.yaml"), encoding: .utf8)
        for index in 0..<2000 {
            scene += "  l\(index): { type: Label, text: x, textColor: red, backgroundColor: blue, frame: [\((index % 20) * 35), \(60 + (index / 20) * 13), 30, 12] }\n"
        }
        let path = folder.appendingPathComponent("many.scene.yaml")
        try scene.write(to: path, atomically: true, encoding: .utf8)
        try driver.open(path.path)
        let colour = try driver.colour(of: "problem")
        XCTAssertLessThan(abs(colour.red - colour.green), 0.02, "the theme's black on white: \(colour)")
        XCTAssertGreaterThan(try driver.colour(of: "l0").blue, 0.5, "a blue background")
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}

/// What scripts and `.ui` files write reaches the output on one line.
final class OutputLineTests: XCTestCase {
    func testADialogOptionCannotPrintALineOfItsOwn() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Forge/forge.scene.yaml").path
        try driver.open(scene)
        try driver.click("go")
        // Before: the title's line feed started a `geometry go …` line of its own.
        try driver.waitForLine(containing: #"geometry option:Yes\ngeometry go 700 600 5 5\27[2J "#)
        XCTAssertFalse(driver.lines.contains { $0.hasPrefix("geometry go 700") }, driver.lines.joined(separator: "\n"))
        XCTAssertFalse(driver.lines.joined().contains("\u{1B}"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}

/// An edit the scene refuses puts the widget back to the value the
/// control keeps, as a GTK user expects of an entry or a spin button that
/// will not take a value: the widget and the scene never disagree. What
/// the control shows while it handles the user's edit is not the user's.
final class UserEditTests: XCTestCase {
    /// The scene's text is full but for three bytes: of "abcdef" typed
    /// into the entry, "abc" is taken and each later key is refused. The
    /// entry shows "abc" (on the screen, and to a script reading it) and
    /// no `editingChanged` is sent for a refused key.
    func testTypingPastTheScenesTextLeavesTheEntryAtTheTakenText() throws {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Edits/refusals.scene.yaml").path
        // Filling the scene's text copies some hundred MB, under a second
        // on an idle machine and not on a loaded one; the time limit is
        // not what is tested here.
        try driver.open(scene, ["--time-limit", "60"])
        try driver.waitForLine(containing: "room for 3 bytes")
        try driver.click("field")
        try driver.type("abc")
        try driver.waitForFrame(after: #"field.text: "ab" → "abc""#)
        let taken = try driver.snapshot("field")
        try driver.type("def")
        try driver.wait(for: "three refusals") { driver.lines.filter { $0.contains("field refuses the user's text") }.count == 3 }
        try driver.waitForFrame(after: "field refuses the user's text")
        let refused = try driver.snapshot("field")
        // Before: the entry showed "abcdef" while the scene held "abc".
        XCTAssertLessThan(try driver.differingPixels(taken, refused), 40, "the entry shows what it showed before the refused keys")
        // The caret stays where the refused keys went: after "a", a refused
        // "z" leaves it there, and Backspace takes the "a".
        try driver.key("Left")
        try driver.key("Left")
        try driver.type("z")
        try driver.wait(for: "a fourth refusal") { driver.lines.filter { $0.contains("field refuses the user's text") }.count == 4 }
        try driver.key("BackSpace")
        try driver.waitForLine(containing: #"field.text: "abc" → "#)
        try driver.key("Return")
        try driver.waitForLine(containing: "the field holds ")
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix(#"field.text: "abc" → "bc""#) }, driver.lines.filter { $0.contains("field") }.joined(separator: "\n"))
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix("the field holds bc") },
                      driver.lines.filter { $0.contains("field") }.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("field editingChanged") }.count, 4, "one for each key taken")
        XCTAssertFalse(driver.lines.contains { $0.contains("CRITICAL") || $0.contains("WARNING") }, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// `keys` and `type` given on standard input leave the entry's caret
    /// at the end of the text they typed, where the user's own typing
    /// leaves it: the key typed next in the window goes after it (it went
    /// before it, the caret left at the start by the command's text).
    func testTypingAfterAKeysOrTypeCommandGoesAtTheEndOfTheText() throws {
        let (driver, input) = try openFixture("Caret/field.scene.yaml")
        // The pointer over the window gives it the keyboard (no window
        // manager); it does not click, which would place the caret.
        let (x, y) = try driver.center(of: "other")
        try driver.xdotool(["mousemove", "\(x)", "\(y)"])
        input.fileHandleForWriting.write(Data("keys field abc\n".utf8))
        try driver.waitForFrame(after: #"field.text: "ab" → "abc""#)
        try driver.type("d")
        try driver.waitForLine(containing: #"field.text: "abc" → "#)
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix(#"field.text: "abc" → "abcd""#) },
                      driver.lines.filter { $0.contains("field") }.joined(separator: "\n"))
        input.fileHandleForWriting.write(Data("type other hello\n".utf8))
        try driver.waitForFrame(after: #"other.text: "" → "hello""#)
        try driver.type("!")
        try driver.waitForLine(containing: #"other.text: "hello" → "#)
        XCTAssertTrue(driver.lines.contains { $0.hasSuffix(#"other.text: "hello" → "hello!""#) },
                      driver.lines.filter { $0.contains("other") }.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// A spin button drawn from 0 to 1000 behind a stepper whose scene
    /// file says 0…100: the spin button is told the scene's range, so the
    /// press to 100 is taken and the press past it changes nothing (GTK
    /// stops at the end it was told), on the screen and to `show`, which
    /// reads it. A user's edit the control refuses is put back (the
    /// entry's test above); here the widget and the control never differ.
    func testPressingASpinButtonPastTheScenesRangeLeavesItAtTheTop() throws {
        let (driver, input, plus) = try openSpinButton("range")
        try driver.xdotool(plus)
        try driver.waitForFrame(after: "count.value: 99 → 100")
        let top = try driver.stillSnapshot("count")
        try driver.xdotool(plus)
        // A time, not a condition: the press past the end traces and draws
        // nothing (no frame follows it), and the window has no other
        // control whose input could follow it as a sign that GTK took it.
        Thread.sleep(forTimeInterval: 0.3)
        let pressedPast = try driver.stillSnapshot("count")
        XCTAssertLessThan(try driver.differingPixels(top, pressedPast), 40, "the spin button still shows 100")
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ count ")
        XCTAssertTrue(driver.lines.contains { $0.contains("[ − 100 + ]  (0…100)") }, driver.lines.joined(separator: "\n"))
        XCTAssertFalse(driver.lines.contains { $0.contains("count refuses") || $0.contains("CRITICAL") }, driver.lines.joined(separator: "\n"))
        // Before: GLib emitted the adjustment's value-changed again for a value put back, and the stepper sent valueChanged.
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 1, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }

    /// The window of Fixtures/Edits/`name`.scene.yaml, its prompt, and the
    /// xdotool click on its spin button's + (at the right end).
    private func openSpinButton(_ name: String) throws -> (WindowDriver, Pipe, [String]) {
        let driver = try WindowDriver()
        let scene = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Edits/\(name).scene.yaml").path
        let input = Pipe()
        try driver.open(scene, input: input)
        let place = try XCTUnwrap(driver.places["count"])
        return (driver, input, ["mousemove", "\(place.x + place.width - 14)", "\(place.y + place.height / 2)", "click", "1"])
    }

    /// A handler that sets the value inside the user's `valueChanged`
    /// (here, to keep it even): the spin button shows the handler's value,
    /// and the press is one `valueChanged`, as a UIKit control's set is no
    /// event.
    func testAHandlersSetDuringAPressIsNotASecondPress() throws {
        let (driver, input, plus) = try openSpinButton("snap")
        try driver.xdotool(plus)
        try driver.waitForLine(containing: "count.value: 99 → 100")
        try driver.xdotool(plus)
        try driver.waitForLine(containing: "count.value: 101 → 102")
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try driver.waitForLine(containing: "│ count ")
        XCTAssertTrue(driver.lines.contains { $0.contains("[ − 102 + ]") }, driver.lines.joined(separator: "\n"))
        // Before: GLib emitted value-changed again for the handler's 102,
        // which came back as the user's press, and a third valueChanged.
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("] heard 102") }.count, 0, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(driver.lines.filter { $0.hasSuffix("count valueChanged") }.count, 2, driver.lines.joined(separator: "\n"))
        XCTAssertEqual(try driver.end(with: SIGTERM), 0)
    }
}

extension XCTestCase {
    /// Fixtures/`name`, beside the tests.
    func fixtures(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    /// A copy of Fixtures/`name` in a folder of its own, removed when the
    /// test ends, for a test that adds or saves files in it.
    func scratchCopy(of name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("behave-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures(name), to: folder)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// A window on Fixtures/`scene`, laid out, and its prompt.
    func openFixture(_ scene: String) throws -> (WindowDriver, Pipe) {
        let driver = try WindowDriver()
        let input = Pipe()
        try driver.open(fixtures(scene).path, input: input)
        return (driver, input)
    }
}
