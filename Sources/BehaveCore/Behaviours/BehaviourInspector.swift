/// The attributes inspector: what `behave inspect` prints of a declaration.
extension BehaviourDeclaration {
    public var json: JSON {
        .object([
            ("name", .string(name)),
            ("outlets", .array(outlets.map { .object([("name", .string($0.name)), ("type", .string($0.type)),
                                                      ("optional", .bool($0.isOptional))]) })),
            ("outletCollections", .array(outletCollections.map { .object([("name", .string($0.name)), ("type", .string($0.type))]) })),
            ("inspectables", .array(inspectables.map(\.inspectorJSON))),
            ("events", .array(events.map(JSON.string))),
            ("actions", .array(actions.map(JSON.string))),
            ("delegateMessages", .array(delegateMessages.map(JSON.string))),
            ("requires", .array(requires.map(JSON.string))),
        ])
    }

    public var inspectorText: String {
        var lines = [name]
        func section(_ title: String, _ rows: [String]) {
            lines.append("")
            lines.append(title)
            lines.append(contentsOf: rows.isEmpty ? ["  (none)"] : rows.map { "  " + $0 })
        }
        let width = (outlets + outletCollections).map(\.name.count).max() ?? 0
        section("Outlets", outlets.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.declaredType }
                + outletCollections.map { $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  [" + $0.type + "]" })
        let nameWidth = inspectables.map(\.name.count).max() ?? 0
        section("Inspectables", inspectables.map { spec in
            var row = spec.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
            row += spec.type.name.padding(toLength: 7, withPad: " ", startingAt: 0) + "  = " + spec.defaultValue.description
            if let minimum = spec.minimum, let maximum = spec.maximum {
                row += "  (\(formatNumber(minimum))…\(formatNumber(maximum))\(spec.step.map { ", step \(formatNumber($0))" } ?? ""))"
            } else if let minimum = spec.minimum {
                row += "  (≥ \(formatNumber(minimum)))"
            } else if let maximum = spec.maximum {
                row += "  (≤ \(formatNumber(maximum)))"
            }
            if case .enumeration(let values) = spec.type { row += "  {" + values.joined(separator: ", ") + "}" }
            return row
        })
        section("Events", events)
        section("Actions", actions)
        if !delegateMessages.isEmpty { section("Delegate messages", delegateMessages) }
        section("Requires", requires)
        // Names, defaults and enum values are the script's: none may start a line or drive the terminal.
        return lines.map(DisplayText.line).joined(separator: "\n")
    }
}

extension PropertySpec {
    public var inspectorJSON: JSON {
        var pairs: [(String, JSON)] = [("name", .string(name)), ("type", .string(type.name)), ("default", defaultValue.json)]
        if let minimum { pairs.append(("min", .number(minimum))) }
        if let maximum { pairs.append(("max", .number(maximum))) }
        if let step { pairs.append(("step", .number(step))) }
        if case .enumeration(let values) = type { pairs.append(("values", .array(values.map(JSON.string)))) }
        return .object(pairs)
    }
}
