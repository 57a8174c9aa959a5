/// Something that waits for the user: an action sheet, an alert, a picker,
/// a permission request. `Scene.choose(_:)` answers it.
public struct Dialog: Equatable, Sendable {
    public enum Style: String, Sendable { case actionSheet, alert, picker, permission }

    public var style: Style
    public var title: String?
    public var message: String?
    public var options: [String]
    public var cancel: String?

    public init(style: Style, title: String? = nil, message: String? = nil, options: [String], cancel: String? = nil) {
        self.style = style
        self.title = title
        self.message = message
        self.options = options
        self.cancel = cancel
    }

    /// Options a message lists at most.
    static let optionsListed = 20

    /// Options a script's dialog (`ask`) has at most.
    public static let maximumOptions = 64

    /// Bytes of text the dialog holds.
    var textBytes: Int {
        ([title, message, cancel].compactMap { $0 } + options).reduce(0) { $0 + $1.utf8.count }
    }

    public var json: JSON {
        .object([("style", .string(style.rawValue)), ("title", title.map(JSON.string) ?? .null),
                 ("message", message.map(JSON.string) ?? .null), ("options", .array(options.map(JSON.string))),
                 ("cancel", cancel.map(JSON.string) ?? .null)])
    }
}

/// Dialogs waiting for an answer, the first one shown.
final class DialogQueue {
    var waiting: [(dialog: Dialog, answer: (String?) -> Void)] = []
}

extension Scene {
    /// Dialogs that may wait behind the presented one: each is a handler
    /// paused until the user answers, and a person answers one at a time.
    public static let maximumWaitingDialogs = 32

    /// Presents a dialog; `answer` hears the chosen option, or nil for
    /// cancel. Its text counts against the scene's text limit while it
    /// waits.
    public func present(_ dialog: Dialog, answer: @escaping (String?) -> Void) throws(ValueError) {
        guard dialogs.waiting.count <= Scene.maximumWaitingDialogs else {
            throw ValueError("\(Scene.maximumWaitingDialogs) dialogs are already waiting behind the presented one; a screen asks one thing at a time")
        }
        try reserveText(for: "the \(dialog.style.rawValue)", bytes: dialog.textBytes)
        didReserveText(dialog.textBytes)
        dialogs.waiting.append((dialog, answer))
        guard dialogs.waiting.count == 1 else { return }
        announce(dialog)
        // Dialogs are modal: a finger held on a control loses its touch.
        for view in screen?.controls ?? [] where view.touch != nil { view.cancelTouch() }
    }

    public var presentedDialog: Dialog? { dialogs.waiting.first?.dialog }

    /// Whether a dialog is presented (asked at every touch and scroll,
    /// without copying the dialog).
    var isPresentingDialog: Bool { !dialogs.waiting.isEmpty }

    var dialogState: JSON { presentedDialog?.json ?? .null }

    /// Answers the presented dialog with one of its options, or `cancel`
    /// (also the dialog's own cancel title).
    public func choose(_ option: String) throws(ValueError) {
        try choose(option, cancelling: false)
    }

    /// Answers the presented dialog with its cancel button.
    func choose(cancelling: Bool) throws(ValueError) {
        try choose("cancel", cancelling: true)
    }

    private func choose(_ option: String, cancelling: Bool) throws(ValueError) {
        guard let (dialog, answer) = dialogs.waiting.first else {
            throw ValueError("no dialog is presented: there is nothing to choose")
        }
        let chosen: String?
        // Lowered once: a long answer to a dialog of many options costs their length, not the product.
        let lowered = option.lowercased()
        if cancelling {
            chosen = nil
        } else if let match = dialog.options.first(where: { $0 == option }) ?? dialog.options.first(where: { $0.lowercased() == lowered }) {
            chosen = match
        } else if lowered == "cancel" || option == dialog.cancel {
            chosen = nil
        } else {
            let choices = dialog.options + [dialog.cancel ?? "cancel"]
            let listed = choices.prefix(Dialog.optionsListed).map { "\"\($0)\"" }.joined(separator: ", ")
                + (choices.count > Dialog.optionsListed ? " and \(choices.count - Dialog.optionsListed) more" : "")
            throw ValueError("`\(option)` is not an option of the \(dialog.style.rawValue); choose one of \(listed)\(Suggestions.hint(for: option, in: choices))")
        }
        dialogs.waiting.removeFirst()
        didReserveText(-dialog.textBytes)
        dialogPresenter?.dismiss(dialog, in: self)
        // A dialog the answer presents into an empty queue announces itself.
        let othersWaiting = !dialogs.waiting.isEmpty
        trace.record(.dialog, subject: "dialog", "chose \(chosen.map { "\"\(DisplayText.line(JSON.cutForReading($0)))\"" } ?? "cancel")",
                     fields: [("choice", chosen.map(JSON.string) ?? .null)])
        answer(chosen)
        if othersWaiting, let next = dialogs.waiting.first?.dialog { announce(next) }
    }

    private func announce(_ dialog: Dialog) {
        defer { dialogPresenter?.present(dialog, in: self) }
        // Titles and options are the script's: one line in the trace, each
        // cut as a long text is (the JSON field keeps them as they are).
        let heading = [dialog.title, dialog.message].compactMap { $0 }.map { DisplayText.line(JSON.cutForReading($0)) }
            .joined(separator: ": ")
        let choices = (dialog.options + (dialog.cancel.map { [$0] } ?? [])).map { "\"\(DisplayText.line(JSON.cutForReading($0)))\"" }
            .joined(separator: " | ")
        trace.record(.dialog, subject: "dialog", "\(dialog.style.rawValue)\(heading.isEmpty ? "" : " \(heading)"): \(choices)",
                     fields: [("dialog", dialog.json)])
    }
}
