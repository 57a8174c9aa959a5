/// `show`: the scene drawn as text, so a person sees the controls and their
/// state at a glance.
extension Scene {
    public func render() -> String {
        var lines: [String] = []
        let status = isPresented ? "presented" : "dismissed"
        lines.append("┌─ \(screenTitle) · t = \(formatNumber(clock.now)) s · \(status)")
        for view in screen?.rootViews ?? [] { draw(view, depth: 0, into: &lines) }
        if isPresented, screen?.rootViews.isEmpty ?? true { lines.append("│ (no controls)") }
        if let frame = keyboard.frame { lines.append("│ ⌨ keyboard shown, height \(formatNumber(frame.height))") }
        if !records.isEmpty {
            lines.append("├─ behaviours")
            for record in records { lines.append("│ " + describe(record)) }
        }
        if let dialog = presentedDialog {
            lines.append("├─ \(dialog.style.rawValue)")
            // Each cut as a long text is: 64 options of 100,000 characters were a 9 MB line.
            if let title = dialog.title { lines.append("│ \(JSON.cutForReading(title))") }
            if let message = dialog.message { lines.append("│ \(JSON.cutForReading(message))") }
            let options = (dialog.options + (dialog.cancel.map { [$0] } ?? [])).map { "[ \(JSON.cutForReading($0)) ]" }
            lines.append("│ " + options.joined(separator: " "))
        }
        lines.append("└─")
        // Titles, names, texts, options are the scripts' and the scene's:
        // each drawn line stays one line, and none drives the terminal.
        return lines.map(DisplayText.line).joined(separator: "\n")
    }

    private func draw(_ view: View, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        let name = view.name.padding(toLength: max(view.name.count, 12), withPad: " ", startingAt: 0)
        // A horizontal stack of plain controls is drawn as the row it is.
        if let stack = view as? Stack, stack.drawsSubviewsInARow {
            let row = stack.subviews.map { "\($0.name) \(picture(of: $0))" }.joined(separator: " │ ")
            return lines.append("│ \(indent)\(name) \(picture(of: view)): \(row)")
        }
        lines.append("│ \(indent)\(name) \(picture(of: view))")
        var hidden = 0
        for child in view.subviews {
            // A scroll view shows the part of its content inside its bounds.
            if let scrollView = view as? ScrollView, !scrollView.shows(child) {
                hidden += 1
                continue
            }
            draw(child, depth: depth + 1, into: &lines)
        }
        if hidden > 0 { lines.append("│ \(indent)  ⋯ \(hidden) more outside the visible region") }
    }

    /// Its colours and font where they are not the defaults: `text red`,
    /// `title #FF9500`, `background teal` (a colour property's name without
    /// `Color`), then the weight and the size (`bold`, `24 pt`).
    private func styleNotes(of view: View) -> [String] {
        var notes: [String] = []
        for (index, spec) in view.schema.properties.enumerated() {
            let value = view.value(at: index)
            guard value != spec.defaultValue else { continue }
            switch (spec.type, value) {
            case (.color, .color(let color)):
                let role = spec.name.hasSuffix("Color") ? String(spec.name.dropLast("Color".count)) : spec.name
                notes.append("\(role.isEmpty ? "colour" : role) \(color.written)")
            case (_, .string(let weight)) where spec.name == "fontWeight":
                notes.append(weight)
            case (_, .number(let size)) where spec.name == "fontSize":
                notes.append("\(formatNumber(size)) pt")
            default:
                break
            }
        }
        return notes
    }

    /// Its type's picture, then what sets it apart in parentheses.
    private func picture(of view: View) -> String {
        var flags: [String] = []
        if view.isHidden { flags.append("hidden") }
        if !view.isUserInteractionEnabled { flags.append("not interactive") }
        if !view.isEnabled { flags.append("disabled") }
        if view.alpha < 1 { flags.append("alpha \(formatNumber(view.alpha))") }
        flags += styleNotes(of: view)
        let suffix = flags.isEmpty ? "" : "  (" + flags.joined(separator: ", ") + ")"
        return "\(view.controlType.picture(of: view))\(suffix)"
    }

    private func describe(_ record: BehaviourRecord) -> String {
        let marker = record.isAlive ? "●" : "○"
        var parts = ["\(marker) \(record.name)", record.sourceName]
        // Cut as `state` cuts them: ten fields, then how many more.
        if case .object(let pairs)? = record.state["fields"]?.fieldCutForReading, !pairs.isEmpty {
            parts.append(pairs.map { "\($0.0)=\($0.1.text)" }.joined(separator: " "))
        }
        if !record.isAlive { parts.append("destroyed") }
        if let errors = record.behaviour?.errorCount, errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        return parts.joined(separator: "  ")
    }
}
