import BehaveCore
import CGtk
import Foundation

/// A scene's dialogs as GTK windows (GTK 4.8 has no `GtkAlertDialog`): an
/// action sheet, an alert, a permission request or the photo picker, modal
/// over the scene's window, with a button per option and the cancel
/// button last; a photo's button shows the photo. The user's click answers
/// the scene; closing the dialog is cancel.
final class GtkDialogs: DialogPresenter {
    /// Weak: a scene that outlives its host (reloaded) presents nothing.
    private weak var host: GtkHost?
    /// The dialog shown now, and its window.
    private var shown: (dialog: Dialog, window: GtkWidgetPointer)?

    init(host: GtkHost) {
        self.host = host
    }

    func present(_ dialog: Dialog, in scene: Scene) {
        take(down: nil)
        let window = gtk_window_new()!
        bhg_window_set_title(window, labelText(dialog.title ?? dialog.style.title))
        bhg_window_set_modal(window, host?.window?.window ?? host.flatMap { $0.contentIsAlive ? bhg_window_of($0.content) : nil })
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)!
        gtk_widget_add_css_class(box, "bh-dialog")
        if let title = dialog.title {
            let label = gtk_label_new(labelText(title))!
            gtk_widget_add_css_class(label, "bh-dialog-title")
            bhg_box_append(box, label)
        }
        if let message = dialog.message {
            let label = gtk_label_new(labelText(message))!
            gtk_label_set_wrap(OpaquePointer(label), 1)
            bhg_box_append(box, label)
        }
        let buttons = gtk_box_new(dialog.style == .alert ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, 6)!
        optionButtons = []
        for option in dialog.options {
            bhg_box_append(buttons, button(option, answering: option, in: scene))
        }
        bhg_box_append(buttons, button(dialog.cancel ?? "Cancel", answering: nil, in: scene))
        bhg_box_append(box, buttons)
        // Thousands of options scroll within a screen's height.
        let scroller = GtkHost.scrollerWithinScreen()
        bhg_scrolled_set_child(scroller, box)
        bhg_window_set_child(window, scroller)
        Signals.closeRequest(UnsafeMutableRawPointer(window)) { [weak self, weak scene] in
            // Closing the dialog is its cancel button; the window goes when
            // the scene takes the dialog down.
            guard let self, let scene, self.shown?.window == window else { return false }
            self.answer(nil, in: scene)
            return true
        }
        shown = (dialog, window)
        bhg_window_present(window)
        if host?.window?.printsGeometry ?? false { printGeometry(of: window, buttons: optionButtons) }
    }

    /// The option buttons of the dialog being made, by their answers' titles.
    private var optionButtons: [(String, GtkWidgetPointer)] = []

    /// Prints where each button of the dialog is (`geometry option:TITLE X
    /// Y WIDTH HEIGHT`) once the dialog is laid out, and again for those a
    /// layout moved or sized anew (the user resized the dialog), as the
    /// scene's window prints its controls (`GeometryLines`), for tools
    /// that drive it.
    private func printGeometry(of window: GtkWidgetPointer, buttons: [(String, GtkWidgetPointer)]) {
        var geometry = GeometryLines()
        // Places change only when GTK lays the dialog out (its frame
        // clock's layout phase): the frame after one reads them again.
        var laidOut = true, layoutsWatched = false
        bhg_add_tick(window, dialogTick, Unmanaged.passRetained(SignalAction {
            if !layoutsWatched, let clock = gtk_widget_get_frame_clock(window) {
                layoutsWatched = true
                Signals.connect(UnsafeMutableRawPointer(clock), "layout") { laidOut = true }
            }
            guard laidOut, gtk_widget_get_width(window) > 0 else { return }
            let places = buttons.compactMap { title, button -> GeometryLines.Place? in
                var x = 0.0, y = 0.0, width = 0.0, height = 0.0
                guard bhg_bounds(button, window, &x, &y, &width, &height) != 0 else { return nil }
                return ("option:" + DisplayText.line(title), x, y, width, height)
            }
            guard places.count == buttons.count, let lines = geometry.lines(for: places) else { return }
            laidOut = false
            guard !lines.isEmpty else { return }
            print(lines.joined(separator: "\n"))
            fflush(nil)
        }).toOpaque(), releaseBox)
    }

    func dismiss(_ dialog: Dialog, in scene: Scene) {
        take(down: dialog)
    }

    /// A button that answers `option` (nil: cancel); a photo's shows it.
    private func button(_ title: String, answering option: String?, in scene: Scene) -> GtkWidgetPointer {
        let button = gtk_button_new()!
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        if let option, let file = host?.imageFile(named: option) {
            let picture = gtk_picture_new_for_filename(file)!
            gtk_widget_set_size_request(picture, 64, 64)
            bhg_box_append(content, picture)
        }
        bhg_box_append(content, gtk_label_new(labelText(title)))
        bhg_button_set_child(button, content)
        optionButtons.append((title, button))
        Signals.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self, weak scene] in
            guard let self, let scene else { return }
            self.answer(option, in: scene)
        }
        return button
    }

    private func answer(_ option: String?, in scene: Scene) {
        do throws(ValueError) {
            try scene.answerDialog(with: option)
        } catch {
            scene.trace.record(.note, subject: "dialog", "the dialog's answer was refused: \(error.message)")
        }
    }

    /// Takes the shown dialog's window down (any, when `dialog` is nil).
    private func take(down dialog: Dialog?) {
        guard let shown, dialog == nil || shown.dialog == dialog else { return }
        self.shown = nil
        bhg_window_destroy(shown.window)
    }
}

private let dialogTick: GtkTickCallback = { _, _, data in
    guard let data else { return 0 }
    Unmanaged<SignalAction>.fromOpaque(data).takeUnretainedValue().run()
    return 1
}

extension Dialog.Style {
    /// A window title for a dialog that has none.
    var title: String {
        switch self {
        case .actionSheet: "Choose"
        case .alert: "Alert"
        case .picker: "Photos"
        case .permission: "Permission"
        }
    }
}
