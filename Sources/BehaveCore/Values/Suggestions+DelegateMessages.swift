/// UIKit's delegate messages that Behave's controls never send
/// (`textFieldDidBeginEditing`): a behaviour that defines one waits for a
/// call that never comes, since the method is only an action, so `behave
/// check` says which control's delegate hears what, and what Behave has
/// instead. Only names no one would give an action of their own.
extension Suggestions {
    public struct UnsentDelegateMessage: Sendable {
        /// The control type whose UIKit counterpart's delegate hears it.
        public let control: ControlType
        /// What Behave has instead, said as an instruction.
        public let instead: String
    }

    public static let unsentDelegateMessages: [String: UnsentDelegateMessage] = {
        let field = ControlType.textField, scroll = ControlType.scrollView
        func on(_ event: String) -> String { "hear the field's `\(event)` event, with `:on(\"\(event)\", function(field) … end)`" }
        let dragging = "read the scroll view's `dragging` (true while the user's finger scrolls it) in `scrollViewDidScroll`"
        return [
            "textFieldShouldBeginEditing": .init(control: field, instead: "set the field's `userInteractionEnabled` to false to keep it from editing"),
            "textFieldDidBeginEditing": .init(control: field, instead: on("editingDidBegin")),
            "textFieldShouldEndEditing": .init(control: field, instead: "a field ends editing when the user returns, another field begins or a script sets `editing` to false"),
            "textFieldDidEndEditing": .init(control: field, instead: on("editingDidEnd")),
            "textFieldDidChangeSelection": .init(control: field, instead: on("editingChanged")),
            "textFieldShouldClear": .init(control: field, instead: on("editingChanged")),
            "scrollViewWillBeginDragging": .init(control: scroll, instead: dragging),
            "scrollViewDidEndDragging": .init(control: scroll, instead: dragging),
            "scrollViewWillEndDragging": .init(control: scroll, instead: dragging),
            "scrollViewDidEndDecelerating": .init(control: scroll, instead: dragging),
            "scrollViewDidEndScrollingAnimation": .init(control: scroll, instead: "`animate` returns once the scroll it animates has ended"),
        ]
    }()
}
