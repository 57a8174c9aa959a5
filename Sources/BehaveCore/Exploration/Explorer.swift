/// The actions a person could take on a screen now, as command lines: what
/// each control's type says its commands could do (taps, presses, steps,
/// typing, scrolling…), answering the presented dialog, and letting time
/// pass. Only controls a touch reaches are used (`canReceiveTouches`);
/// while a dialog is up, only its options (it is modal) and time.
public enum Explorer {
    /// Moments a person waits between two actions, in seconds.
    static let pauses: [Double] = [0.05, 0.1, 0.3, 0.7, 1, 2]
    /// Words a person might type.
    static let words = ["a", "hello", "Ada", "42", "x@y.z", "longer text with spaces", "é", ""]

    /// A random action on `scene` now, as a command line.
    public static func nextAction(in scene: Scene, random: inout ExplorationRandom) -> String {
        var actions: [String] = []
        if let dialog = scene.presentedDialog {
            actions = dialog.options.map { "choose \(quoted($0))" }
            if dialog.cancel != nil || dialog.options.isEmpty { actions.append("choose cancel") }
        } else {
            // The core's one rule for touches: the alpha set counts, not
            // one an animation shows (a control fading in takes taps).
            for view in scene.screen?.controls ?? [] where view.canReceiveTouches {
                actions += self.actions(on: view, random: &random)
            }
        }
        // Time passes about one step in five, whatever else there is to do.
        if actions.isEmpty || random.below(5) == 0 {
            return "advance \(formatNumber(random.pick(pauses)))"
        }
        return random.pick(actions)
    }

    /// What each of the control's commands could do to it now.
    private static func actions(on view: View, random: inout ExplorationRandom) -> [String] {
        view.controlType.commands.flatMap { $0.explore?(view, &random) ?? [] }
    }

    /// A word as the command language reads it back.
    static func quoted(_ text: String) -> String {
        // By bytes: an explorer quotes a word at every step, and walking
        // Characters costs a sixth of exploring.
        var plain = !text.isEmpty, hasDoubleQuote = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "'"): plain = false
            case UInt8(ascii: "\""): (plain, hasDoubleQuote) = (false, true)
            default: break
            }
        }
        if plain { return text }
        return hasDoubleQuote ? "'\(text)'" : "\"\(text)\""
    }
}
