import BehaveCore
import BehaveGTK
import BehaveScene
import CGtk
import Foundation
import XCTest

/// Behaviours on an app's own GTK widgets (`GtkHost(widgets:in:)`): a
/// window the test makes as an app would, driven with real X input.
/// Docs/embedding.md quotes this code (DocSnippetTests).
final class AppWidgetsTests: InProcessGtkTestCase {
    private var window: GtkWidgetPointer!
    private var box: GtkWidgetPointer!
    private var like: GtkWidgetPointer!, count: GtkWidgetPointer!, check: GtkWidgetPointer!
    private var email: GtkWidgetPointer!, status: GtkWidgetPointer!
    private var lines: [String] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        lines = []
        // The app's window, as any GTK app makes it.
        window = gtk_window_new()
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        like = gtk_button_new_with_label("Like")
        count = gtk_label_new("")
        check = gtk_switch_new()
        gtk_widget_set_halign(check, GTK_ALIGN_START)
        email = gtk_entry_new()
        status = gtk_label_new("")
        for widget in [like, count, check, email, status] { bhg_box_append(box, widget) }
        bhg_window_set_child(window, box)
    }

    override func tearDown() {
        if let window, bhg_is_window(window) != 0 { bhg_window_destroy(window) }
        pump(for: 0.1)
        super.tearDown()
    }

    /// Loads `scene` on the window's widgets.
    private func load(_ scene: String) throws -> (GtkHost, LoadedScene) {
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in lines.append(entry.line) }
        let host = GtkHost(widgets: ["like": like, "count": count, "check": check, "email": email, "status": status], in: box)
        let loaded = try SceneLoader.load(file: scene, hosting: host.hosting, listener: listener)   // keep it while the scene runs
        return (host, loaded)
    }

    /// Loads `scene` again on the same widgets in the place of `running`,
    /// which is dismissed once the new scene woke without an error.
    private func reload(_ scene: String, replacing running: LoadedScene) throws -> (GtkHost, LoadedScene) {
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in lines.append(entry.line) }
        let host = GtkHost(widgets: ["like": like, "count": count, "check": check, "email": email, "status": status], in: box)
        let fresh = try SceneLoader.reload(file: scene, replacing: running, hosting: host.hosting, listener: listener)
        return (host, fresh)
    }

    func testBehavioursHearRealInputOnTheAppsWidgetsAndTimeFollowsItsMainLoop() throws {
        // The app keeps the loaded scene alone: the host lives while it runs.
        let loaded = try load(fixture("app.scene.yaml")).1
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }
        XCTAssertEqual(text(of: count), "Likes: 0", "awake's text reached the app's label")

        try click(like)
        try click(like)
        try pump(until: "two taps counted") { self.text(of: self.count) == "Likes: 2" }

        try click(check)
        try pump(until: "the switch heard") { self.text(of: self.status) == "checking" }
        XCTAssertEqual(try loaded.scene.control(named: "check")?.value("on"), .bool(true))

        try click(email)
        try xdotool(["type", "--delay", "30", "ada@example.org"])
        try pump(until: "the e-mail checked") { self.text(of: self.status) == "an e-mail" }

        // `after(1, …)` runs on the content's frame clock, in the app's own loop.
        try pump(until: "a second of real time") { self.lines.contains { $0.hasSuffix("a second went by") } }
        // The frame reads where GTK put the widget, from the content's top left.
        let frame = try XCTUnwrap(loaded.scene.control(named: "like")?.value("frame").rectValue)
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        XCTAssertNotEqual(bhg_bounds(like, box, &x, &y, &width, &height), 0)
        XCTAssertEqual(frame, Rect(x: x, y: y, width: width, height: height))
        XCTAssertGreaterThan(frame.width, 0)
        // Waking, GTK has laid nothing out (as UIKit's viewDidLoad has no
        // final frames); the scene's first moment comes after it has.
        XCTAssertTrue(lines.contains { $0.hasSuffix("awake: like is 0 wide") }, lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasSuffix("shown: like is \(Int(width)) wide") }, lines.joined(separator: "\n"))
    }

    func testAReloadBindsTheSameWidgetsToTheNewSceneAndTheOldOneLetsGo() throws {
        let folder = try copyOfFixtures()
        let scene = folder.appendingPathComponent("app.scene.yaml").path
        var (host, loaded) = try load(scene)
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }
        try click(like)
        try pump(until: "a tap counted") { self.text(of: self.count) == "Likes: 1" }

        // Saved: the app loads the scene again on the same widgets, then dismisses the old.
        let script = folder.appendingPathComponent("tally.lua")
        try String(contentsOf: script, encoding: .utf8).replacingOccurrences(of: "\"Likes: \"", with: "\"Hearts: \"")
            .write(to: script, atomically: true, encoding: .utf8)
        let fresh = try load(scene)
        loaded.scene.dismiss()
        (host, loaded) = fresh
        XCTAssertEqual(text(of: count), "Hearts: 0")
        // The new scene starts from the app's button, not from what the old
        // scene left on it (before: it took "[heart] Like" as its title,
        // and showed "[heart] [heart] Like").
        XCTAssertEqual(try loaded.scene.control(named: "like")?.value("title"), .string("Like"))
        XCTAssertEqual(buttonText(), "[heart] Like")

        // Before: the old binding's handlers stayed on the widgets and
        // reached it freed (the process crashed at this click).
        try click(like)
        // One tap, heard once, by the new scene alone: every handler of
        // the click runs in its one emission, before the label is read.
        try pump(until: "the new scene's tap") { self.text(of: self.count) == "Hearts: 1" }
        try click(check)
        try pump(until: "the new scene's switch") { self.text(of: self.status) == "checking" }

        // The app closes the window with the scene still running: its
        // widgets go, each takes its control out of the scene (before: the
        // host kept the content, and with it every widget and control), and
        // the scene on it ends, destroying the behaviour its screen owns
        // (before: only a dismiss by the app did).
        let screen = loaded.scene.screen
        bhg_window_destroy(window)
        window = nil
        try pump(until: "the controls gone") { screen?.rootViews.isEmpty == true }
        XCTAssertFalse(loaded.scene.isPresented)
        XCTAssertFalse(host.contentIsAlive)
        XCTAssertTrue(lines.contains { $0.hasSuffix("tally destroyed at Hearts: 1") }, lines.joined(separator: "\n"))
        withExtendedLifetime(host) {}
    }

    /// A save whose `awake` raises replaces nothing: the reload throws
    /// with the script's file and line, the new scene is dismissed, and
    /// the app's widgets are the running scene's again, showing its values
    /// (not the new files' nor the app's drawing) and telling its
    /// behaviours the user's clicks. Before: the new scene, bound and
    /// awake, replaced the old one, and the working scene was lost.
    func testASaveWhoseAwakeRaisesLeavesTheRunningSceneOnTheAppsWidgets() throws {
        let folder = try copyOfFixtures()
        let scene = folder.appendingPathComponent("app.scene.yaml"), script = folder.appendingPathComponent("tally.lua")
        var (host, loaded) = try load(scene.path)
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }
        try click(like)
        try pump(until: "a tap counted") { self.text(of: self.count) == "Likes: 1" }
        try click(check)
        try pump(until: "the switch heard") { self.text(of: self.status) == "checking" }

        // Saved: new values in the scene file, and an `awake` that raises once it showed them.
        let yaml = try String(contentsOf: scene, encoding: .utf8), lua = try String(contentsOf: script, encoding: .utf8)
        try save(yaml.replacingOccurrences(of: "like:   { type: Button }", with: "like:   { type: Button, title: Saved }")
            .replacingOccurrences(of: "status: status }", with: "status: status }\n    inspectables: { prefix: \"Hearts: \" }"), to: scene)
        try save(lua.replacingOccurrences(of: "  self.like.image = \"heart\"", with: "  self.like.image = \"star\"\n  self.count.txt = \"oops\""), to: script)
        XCTAssertThrowsError(try reload(scene.path, replacing: loaded)) { error in
            XCTAssert("\(error)".contains("tally.lua:13: Label has no property `txt`"), "\(error)")
        }
        XCTAssertTrue(lines.contains { $0.hasSuffix("tally destroyed at Hearts: 0") }, "the new scene was dismissed: \(lines)")
        XCTAssertTrue(loaded.scene.isPresented)
        XCTAssertEqual(text(of: count), "Likes: 1")
        XCTAssertEqual(buttonText(), "[heart] Like")
        XCTAssertEqual(text(of: status), "checking")
        XCTAssertNotEqual(bhg_switch_get_active(check), 0)

        // The running scene hears the widgets, once each.
        try click(like)
        try pump(until: "the running scene's tap") { self.text(of: self.count) == "Likes: 2" }
        try click(check)
        try pump(until: "the running scene's switch") { self.text(of: self.status) == "not checking" }
        XCTAssertEqual(try loaded.scene.control(named: "check")?.value("on"), .bool(false))

        // Fixed, it loads with the saved values, and the old scene goes.
        try save(lua, to: script)
        (host, loaded) = try reload(scene.path, replacing: loaded)
        XCTAssertEqual(text(of: count), "Hearts: 0")
        XCTAssertEqual(buttonText(), "[heart] Saved")
        XCTAssertTrue(lines.contains { $0.hasSuffix("tally destroyed at Likes: 2") }, lines.joined(separator: "\n"))
        try click(like)
        try pump(until: "the new scene's tap") { self.text(of: self.count) == "Hearts: 1" }
        withExtendedLifetime(host) {}
    }

    /// An app may make its host in the call that loads the scene and keep
    /// only the `LoadedScene`: the host lives while the scene runs. Before:
    /// the loader's calls reached the host freed, a Swift trap.
    func testAHostMadeInTheLoadCallLivesWhileTheSceneRuns() throws {
        let loaded = try SceneLoader.load(file: fixture("app.scene.yaml"), hosting: GtkHost(widgets: [
            "like": like, "count": count, "check": check, "email": email, "status": status,
        ], in: box).hosting)
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }
        try click(like)
        try pump(until: "a tap counted") { self.text(of: self.count) == "Likes: 1" }
        loaded.scene.dismiss()
    }

    func testAControlWithoutAWidgetOfTheAppsIsTheScenesMistakeWithTheFix() throws {
        let folder = try copyOfFixtures()
        let scene = folder.appendingPathComponent("app.scene.yaml")
        try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "  count: ", with: "  cuont: ")
            .replacingOccurrences(of: "count: count", with: "count: cuont").write(to: scene, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try load(scene.path)) { error in
            XCTAssertTrue("\(error)".contains("the app gave GtkHost(widgets:in:) no widget named `cuont` (did you mean `count`?)"), "\(error)")
            XCTAssertTrue("\(error)".contains("app.scene.yaml:"), "\(error)")
        }
        XCTAssertEqual(text(of: count), "", "nothing bound")
    }

    /// A control the app gave no widget for is not offered another
    /// control's key: `likes` is not a misspelt `like`, whose widget is
    /// `like`'s. It was told "did you mean `like`?".
    func testAControlWithoutAWidgetIsNotOfferedAnotherControlsKey() throws {
        let folder = try copyOfFixtures()
        let scene = folder.appendingPathComponent("app.scene.yaml")
        try String(contentsOf: scene, encoding: .utf8).replacingOccurrences(of: "  count:  { type: Label }", with: "  count:  { type: Label }\n  likes:  { type: Label }")
            .write(to: scene, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try load(scene.path)) { error in
            XCTAssertTrue("\(error)".contains("control `likes`: the app gave GtkHost(widgets:in:) no widget named `likes`; "
                + "add `\"likes\": widget` to its widgets, or remove the control from the scene"), "\(error)")
        }
    }

    /// An app's GtkCheckButton stands behind a Switch as a GtkSwitch does:
    /// a real click is the user's flip. Put in a group (a radio button),
    /// it is refused with the fix, and nothing is bound.
    func testAnAppsCheckButtonIsASwitchAndARadioButtonIsNot() throws {
        bhg_box_remove(box, check)
        check = gtk_check_button_new_with_label("Check")
        bhg_box_append(box, check)
        let loaded = try load(fixture("app.scene.yaml")).1
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.check) > 0 }
        try click(check)
        try pump(until: "the check button heard") { self.text(of: self.status) == "checking" }
        XCTAssertEqual(try loaded.scene.control(named: "check")?.value("on"), .bool(true))
        loaded.scene.dismiss()

        let other = gtk_check_button_new_with_label("Other")!
        bhg_box_append(box, other)
        let asCheck = { (widget: GtkWidgetPointer) in UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkCheckButton.self) }
        gtk_check_button_set_group(asCheck(other), asCheck(check))
        XCTAssertThrowsError(try load(fixture("app.scene.yaml"))) { error in
            XCTAssertTrue("\(error)".contains("the widget the app gave for `check` is a GtkCheckButton in a group (a radio button), "
                + "but the scene says Switch: a Switch flips on its own, where GTK keeps one of the group on; give a check button "
                + "of no group, or change the control to `type: View` in the scene"), "\(error)")
        }
    }

    /// One widget given for two controls would be the second's alone (a
    /// widget has one binding), and the first control would hear nothing,
    /// unsaid: it is the scene's mistake, naming both.
    func testOneWidgetGivenForTwoControlsIsRefused() throws {
        let host = GtkHost(widgets: ["like": like, "count": count, "check": check, "email": email, "status": count], in: box)
        XCTAssertThrowsError(try SceneLoader.load(file: fixture("app.scene.yaml"), hosting: host.hosting)) { error in
            XCTAssertTrue("\(error)".contains("the app gave GtkHost(widgets:in:) one widget for both `count` and `status`"), "\(error)")
        }
        XCTAssertEqual(text(of: count), "", "nothing bound")
    }

    /// An app that takes a widget out of its box between making the host
    /// and loading the scene frees it (the box held its last reference):
    /// the load refuses it with the fix, and binds nothing. Before: the
    /// host read the freed widget.
    func testAWidgetDestroyedBeforeTheLoadIsRefusedWithTheFix() throws {
        let host = GtkHost(widgets: ["like": like, "count": count, "check": check, "email": email, "status": status], in: box)
        let gone = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        gone.initialize(to: false)
        defer { gone.deallocate() }
        bhg_weak_ref(status, { data, _ in data?.assumingMemoryBound(to: Bool.self).pointee = true }, gone)
        bhg_box_remove(box, status)
        status = nil
        XCTAssertTrue(gone.pointee, "the box held the label's last reference")
        XCTAssertThrowsError(try SceneLoader.load(file: fixture("app.scene.yaml"), hosting: host.hosting)) { error in
            XCTAssertTrue("\(error)".contains("the widget the app gave for `status` was destroyed before the scene loaded"), "\(error)")
            XCTAssertTrue("\(error)".contains("g_object_ref it before you remove it"), "\(error)")
        }
        XCTAssertEqual(text(of: count), "", "nothing bound")
    }

    /// An app may load a scene from a handler of the one running (a tap
    /// that opens the next screen on the same widgets). The tap that
    /// loaded it is the old scene's alone: GTK gave the new scene's
    /// controller that release too, and it counted a tap nobody made for it.
    func testASceneLoadedFromATapsHandlerDoesNotHearThatTap() throws {
        let host = GtkHost(widgets: ["like": like, "count": count, "check": check, "email": email, "status": status], in: box)
        var next: LoadedScene?
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in
            guard next == nil, entry.line.hasSuffix("\"Likes: 0\" → \"Likes: 1\"") else { return }
            next = try? SceneLoader.load(file: fixture("app.scene.yaml"), hosting: host.hosting) { self.lines.append($0.line) }
        }
        let first = try SceneLoader.load(file: fixture("app.scene.yaml"), hosting: host.hosting, listener: listener)
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }
        try click(like)
        try pump(until: "the next scene loaded") { next != nil }
        pump(for: 0.3)
        XCTAssertEqual(text(of: count), "Likes: 0", lines.joined(separator: "\n"))
        XCTAssertFalse(lines.contains { $0.hasSuffix("like touchUpInside") }, lines.joined(separator: "\n"))
        try click(like)
        try pump(until: "the next scene's own tap") { self.text(of: self.count) == "Likes: 1" }
        first.scene.dismiss()
        next?.scene.dismiss()
    }

    /// An offset a script sets at `awake` in the app's scroll view, past
    /// the end of the content GTK has not laid out yet, is held there by
    /// GTK's first layout: a change the script's set brings, as a range
    /// moving a value along is, not the user's scroll. Before: the
    /// layout's hold was the user's edit (a change of source `user`, with
    /// no event).
    func testAnOffsetTheFirstLayoutHoldsIsTheScriptsNotTheUsers() throws {
        let scrolled = try XCTUnwrap(gtk_scrolled_window_new()), content = try XCTUnwrap(gtk_fixed_new())
        gtk_widget_set_size_request(content, 200, 400)
        bhg_scrolled_set_child(scrolled, content)
        gtk_widget_set_size_request(scrolled, 200, 100)
        bhg_box_append(box, scrolled)
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in lines.append(entry.line) }
        let host = GtkHost(widgets: ["list": scrolled], in: box)
        let loaded = try SceneLoader.load(file: fixture("far.scene.yaml"), hosting: host.hosting, listener: listener)
        var changes: [PropertyChange] = []
        let observer = try XCTUnwrap(loaded.scene.control(named: "list")).observeChanges { changes.append($0) }
        defer { withExtendedLifetime(loaded) { observer.cancel() } }    // the app keeps the scene while it runs
        bhg_window_present(window)
        try pump(until: "the offset held") { changes.contains { $0.property == "contentOffset" } }
        pump(for: 0.2)
        // The user's wheel, after it, is the user's scroll.
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        XCTAssertNotEqual(bhg_bounds(scrolled, window, &x, &y, &width, &height), 0)
        try xdotool(["mousemove", "\(Int(x + width / 2))", "\(Int(y + height / 2))", "click", "4"])
        try pump(until: "the wheel's scroll") { changes.filter { $0.property == "contentOffset" }.count > 1 }
        let held = changes.filter { $0.property == "contentOffset" }
        XCTAssertEqual(held.first?.new, .point(Point(x: 0, y: 300)))
        XCTAssertEqual(held.first?.source, .script, "GTK held the script's offset: the change is the script's")
        XCTAssertEqual(held.dropFirst().map(\.source), held.dropFirst().map { _ in .user })
        XCTAssertEqual(lines.filter { $0.contains("list.contentOffset:") }.prefix(2).map { String($0.drop { $0 != "l" }) },
                       ["list.contentOffset: (0, 0) → (0, 350)", "list.contentOffset: (0, 350) → (0, 300)"],
                       lines.joined(separator: "\n"))
    }

    /// A widget no type of Behave's fits (a GtkLevelBar) stands behind a
    /// control type of the app's own, bound by a binding of the app's,
    /// beside the widgets GtkHost binds; the app hears a behaviour's
    /// events from the moment it wakes, and the animation a real click
    /// starts reaches the bar frame by frame, in real time.
    func testAnAppsOwnWidgetStandsBehindItsOwnTypeAndTheAppHearsTheBehavioursEvents() throws {
        try ControlTypes.register(.meter)
        try ControlTypes.register(.meter)          // a second window registers what it uses too: nothing changes
        let bar = try XCTUnwrap(gtk_level_bar_new())
        bhg_box_append(box, bar)
        var filled: [Double] = []
        var frames = 0
        let host = GtkHost(widgets: ["like": like], in: box)
        try host.bind("level") { control in LevelBinding(control: control, bar: bar) }   // a widget of your own
        let hosting = host.hosting { scene in                                      // before any behaviour wakes
            // `on` throws for a name `events` lacks: the scene's error, in the trace.
            try scene.behaviour(named: "filler")?.on("filled") { event in filled.append(event.arguments.first?.numberValue ?? -1) }
            scene.observeChanges { change in if change.isFrame { frames += 1 } }
        }
        let loaded = try SceneLoader.load(file: fixture("meter.scene.yaml"), hosting: hosting)
        XCTAssertEqual(filled, [0], "the event awake sent")
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }

        try click(like)
        try pump(until: "the bar filled a quarter") { gtk_level_bar_get_value(OpaquePointer(bar)) == 0.25 }
        XCTAssertGreaterThan(frames, 2, "the fill reached the bar frame by frame")
        XCTAssertEqual(filled, [0, 0.25])
        XCTAssertEqual(try loaded.scene.control(named: "level")?.value("level"), .number(0.25))
        try click(like)
        try pump(until: "the bar filled a half") { gtk_level_bar_get_value(OpaquePointer(bar)) == 0.5 }
        XCTAssertEqual(filled, [0, 0.25, 0.5])
        XCTAssertEqual(loaded.scene.errorCount, 0)

        // Bound once the scene loaded, too late: said, where before it was kept and never made.
        let late = try XCTUnwrap(gtk_level_bar_new())
        XCTAssertThrowsError(try host.bind("level") { control in LevelBinding(control: control, bar: late) }) { error in
            XCTAssertTrue("\(error)".hasPrefix("GtkHost.bind(_:with:) for `level` came after the scene loaded on this host"), "\(error)")
            XCTAssertTrue("\(error)".contains("call bind before SceneLoader.load(file:hosting:)"), "\(error)")
        }
        try click(like)
        try pump(until: "the bar filled three quarters") { gtk_level_bar_get_value(OpaquePointer(bar)) == 0.75 }
        g_object_ref_sink(UnsafeMutableRawPointer(late))
        g_object_unref(UnsafeMutableRawPointer(late))
        loaded.scene.dismiss()
    }

    /// A control the app binds itself (`bind(_:with:)`) to a widget the
    /// user clicks hears the clicks again after a reload whose `awake`
    /// raises, once each, in the running scene, and the scene the fixed
    /// save loads hears them alone.
    func testAControlTheAppBindsHearsTheUserAfterARefusedReload() throws {
        let folder = try copyOfFixtures()
        let scene = folder.appendingPathComponent("app.scene.yaml"), script = folder.appendingPathComponent("tally.lua")
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in lines.append(entry.line) }
        func hosting() throws -> GtkHost {
            let host = GtkHost(widgets: ["count": count, "check": check, "email": email, "status": status], in: box)
            try host.bind("like") { [like] control in TapBinding(control: control, button: like!) }
            return host
        }
        var host = try hosting()
        var loaded = try SceneLoader.load(file: scene.path, hosting: host.hosting, listener: listener)
        bhg_window_present(window)
        try pump(until: "the window is laid out") { gtk_widget_get_width(self.like) > 0 }
        try click(like)
        try pump(until: "a tap counted") { self.text(of: self.count) == "Likes: 1" }

        let lua = try String(contentsOf: script, encoding: .utf8)
        try save(lua.replacingOccurrences(of: "  self.like.image = \"heart\"", with: "  self.count.txt = \"oops\""), to: script)
        XCTAssertThrowsError(try SceneLoader.reload(file: scene.path, replacing: loaded, hosting: try hosting().hosting, listener: listener))
        XCTAssertTrue(loaded.scene.isPresented)
        pump(for: 0.2)                              // the refused scene's host lets go

        try click(like)
        try pump(until: "the running scene's tap") { self.text(of: self.count) == "Likes: 2" }
        try click(like)
        try pump(until: "the running scene's second tap") { self.text(of: self.count) == "Likes: 3" }
        XCTAssertEqual(loaded.scene.errorCount, 0, lines.joined(separator: "\n"))

        try save(lua, to: script)
        host = try hosting()
        loaded = try SceneLoader.reload(file: scene.path, replacing: loaded, hosting: host.hosting, listener: listener)
        XCTAssertEqual(text(of: count), "Likes: 0")
        try click(like)
        try pump(until: "the new scene's tap") { self.text(of: self.count) == "Likes: 1" }
        pump(for: 0.2)
        XCTAssertEqual(text(of: count), "Likes: 1", "one scene heard the tap")
        loaded.scene.dismiss()
    }

    /// A name the app gives that no control of the scene has (a widget's
    /// key, a binding's name: a typo) fails the load with the fix, as a
    /// control without a widget does, and nothing is bound. Before: the
    /// widget or binding was never used, and nothing said so.
    func testANameTheAppGivesThatTheSceneLacksFailsTheLoad() throws {
        let extra = try XCTUnwrap(gtk_label_new(""))
        bhg_box_append(box, extra)
        let host = GtkHost(widgets: ["like": like, "count": count, "check": check, "email": email, "status": status, "emial": extra],
                           in: box)
        XCTAssertThrowsError(try SceneLoader.load(file: fixture("app.scene.yaml"), hosting: host.hosting)) { error in
            XCTAssertTrue("\(error)".contains("app.scene.yaml: the app gave GtkHost(widgets:in:) a widget named `emial`, but the scene "
                + "has no control `emial` (did you mean `email`?); name the widget after its control, or add `emial` to the scene"),
                          "\(error)")
        }
        XCTAssertEqual(text(of: count), "", "nothing bound")

        try ControlTypes.register(.meter)
        let bar = try XCTUnwrap(gtk_level_bar_new())
        bhg_box_append(box, bar)
        let bound = GtkHost(widgets: ["like": like], in: box)
        try bound.bind("level") { control in LevelBinding(control: control, bar: bar) }
        try bound.bind("levle") { control in LevelBinding(control: control, bar: bar) }
        XCTAssertThrowsError(try SceneLoader.load(file: fixture("meter.scene.yaml"), hosting: bound.hosting)) { error in
            XCTAssertTrue("\(error)".hasSuffix("meter.scene.yaml: the app bound `levle` with GtkHost.bind(_:with:), but the scene has "
                + "no control `levle` (did you mean `level`?); bind a control of the scene by its name, or add `levle` to the scene"),
                          "\(error)")
        }
        // A control given a widget and a binding both would never reach the widget.
        let both = GtkHost(widgets: ["like": like, "level": bar], in: box)
        try both.bind("level") { control in LevelBinding(control: control, bar: bar) }
        XCTAssertThrowsError(try SceneLoader.load(file: fixture("meter.scene.yaml"), hosting: both.hosting)) { error in
            XCTAssertTrue("\(error)".contains("a widget named `level` and bound `level` with bind(_:with:) too"), "\(error)")
        }
        XCTAssertEqual(gtk_level_bar_get_value(OpaquePointer(bar)), 0, "nothing bound")
    }

    /// An app's `prepare` may throw (an event the behaviour does not
    /// declare): the scene's error, which the listener hears with the
    /// fix, and the scene wakes on, as when an `awake` raises. Before, it
    /// could not throw, and the docs said `try!`: a renamed event crashed
    /// the app.
    func testAnAppsPrepareThatThrowsIsTheScenesErrorAndTheSceneRunsOn() throws {
        try ControlTypes.register(.meter)
        let bar = try XCTUnwrap(gtk_level_bar_new())
        bhg_box_append(box, bar)
        let host = GtkHost(widgets: ["like": like], in: box)
        try host.bind("level") { control in LevelBinding(control: control, bar: bar) }
        var after = false
        let hosting = host.hosting { scene in
            try scene.behaviour(named: "filler")?.on("fild") { _ in }
            after = true
        }
        let listener: (Trace.Entry) -> Void = { [unowned self] entry in lines.append(entry.line) }
        let loaded = try SceneLoader.load(file: fixture("meter.scene.yaml"), hosting: hosting, listener: listener)
        XCTAssertFalse(after, "the rest of prepare did not run")
        XCTAssertEqual(loaded.scene.errorCount, 1)
        XCTAssertTrue(lines.contains { $0.contains("error (prepare): behaviour `filler` has no event `fild` (did you mean `filled`?)") },
                      "\(lines)")
        XCTAssertTrue(loaded.isAwake, "the scene woke on")
        loaded.scene.dismiss()
    }

    // MARK: Support

    private func fixture(_ name: String) -> String {
        WindowDriver.checkout.appendingPathComponent("Hosts/GTK/Tests/BehaveGTKTests/Fixtures/AppWidgets/\(name)").path
    }

    private func copyOfFixtures() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-widgets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["app.scene.yaml", "tally.lua"] {
            try FileManager.default.copyItem(atPath: fixture(name), toPath: folder.appendingPathComponent(name).path)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    /// What the button's face reads: its label, and an image's name in
    /// brackets where no file draws it.
    private func buttonText() -> String {
        let face = bhg_button_get_child(like)
        guard let face, bhg_is_label(face) == 0, let label = gtk_widget_get_last_child(face) else { return face.map(text(of:)) ?? "" }
        return text(of: label)
    }

    private func text(of widget: GtkWidgetPointer) -> String {
        if bhg_is_label(widget) != 0 { return String(cString: bhg_label_get_text(widget)) }
        return String(cString: bhg_editable_get_text(widget))
    }

    /// Clicks the middle of a widget with the X server's pointer (the
    /// window sits at the screen's top left, as the other tests' do).
    private func click(_ widget: GtkWidgetPointer) throws {
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        XCTAssertNotEqual(bhg_bounds(widget, window, &x, &y, &width, &height), 0)
        try xdotool(["mousemove", "\(Int(x + width / 2))", "\(Int(y + height / 2))", "click", "1"])
    }

    /// Runs xdotool while GTK's loop runs here, in the test's process.
    private func xdotool(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(WindowDriver.which("xdotool"), "xdotool"))
        process.arguments = arguments
        try process.run()
        while process.isRunning { pump(for: 0.01) }
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments)")
        pump(for: 0.15)
    }

    /// Runs GTK's main loop for `seconds`, as an app's `g_main_loop_run` does.
    private func pump(for seconds: Double) {
        let loop = g_main_loop_new(nil, 0)!
        defer { g_main_loop_unref(loop) }
        g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(1, seconds * 1000)), { loop in
            g_main_loop_quit(OpaquePointer(loop))
            return 0
        }, UnsafeMutableRawPointer(loop), nil)
        g_main_loop_run(loop)
    }

    private func pump(until what: String, timeout: Double = 30, _ condition: () -> Bool) throws {
        let end = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < end else { return XCTFail("timed out waiting for \(what); the trace:\n\(lines.suffix(20).joined(separator: "\n"))") }
            pump(for: 0.02)
        }
    }
}

/// The app's own control type: a level, which a GtkLevelBar shows.
extension ControlType {
    static let meter = ControlType(name: "Meter", summary: "A level from 0 to 1.",
                                   properties: [PropertySpec("level", .number, default: .number(0), min: 0, max: 1)])
}

/// The app's binding of its GtkLevelBar behind a `Meter`: changes out.
final class LevelBinding: ControlWidget {
    let control: View
    private let bar: GtkWidgetPointer

    init(control: View, bar: GtkWidgetPointer) {
        self.control = control
        self.bar = bhg_ref(bar)                    // the bar lives while its binding does
        control.bind(self)
    }

    deinit { bhg_unref(bar) }

    func apply(_ change: PropertyChange) {        // an animation's frames too
        if case ("level", .number(let level)) = (change.property, change.new) { gtk_level_bar_set_value(OpaquePointer(bar), level) }
    }
}

/// An app's binding of a button of its own behind a `Button`: the user's
/// clicks in, as long as the binding lives.
final class TapBinding: ControlWidget {
    let control: View
    private let button: GtkWidgetPointer
    private var clicked: gulong = 0

    init(control: View, button: GtkWidgetPointer) {
        self.control = control
        self.button = bhg_ref(button)
        control.bind(self)
        clicked = bhg_connect(UnsafeMutableRawPointer(button), "clicked", unsafeBitCast(tapped, to: UnsafeMutableRawPointer.self),
                              Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        g_signal_handler_disconnect(UnsafeMutableRawPointer(button), clicked)
        bhg_unref(button)
    }

    func apply(_ change: PropertyChange) {}
}

private let tapped: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    guard let data else { return }
    Unmanaged<TapBinding>.fromOpaque(data).takeUnretainedValue().control.tap()
}
