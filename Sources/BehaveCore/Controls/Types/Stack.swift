/// A stack (UIStackView, GtkBox): lays its subviews out one after the
/// other, down (`vertical`) or across (`horizontal`), in the order the
/// scene gives them. Its subviews are its arranged subviews: the stack
/// places them, so their frames give only their sizes (a width or height
/// of 0 is the control's natural one), and a hidden one takes no room.
///
/// Headless, a stack only keeps its settings; `show` draws its children
/// under it or in a row, and the studio and hosts lay them out
/// (Docs/scenes.md#layout).
public final class Stack: View {
    public override class var controlType: ControlType { .stack }

    /// UIStackView's `axis` (GtkBox's orientation).
    public enum Axis: String, CaseIterable, Sendable { case vertical, horizontal }

    /// UIStackView's `alignment`: across the axis, each subview fills the
    /// stack or keeps its natural size at the leading edge (left, or top),
    /// the centre or the trailing edge (GTK's `FILL`, `START`, `CENTER`,
    /// `END`).
    public enum Alignment: String, CaseIterable, Sendable { case fill, leading, center, trailing }

    /// UIStackView's `distribution`, in the two forms GtkBox has: along the
    /// axis, subviews take their natural sizes (`fill`) or all the same
    /// size (`fillEqually`, GtkBox's `homogeneous`).
    public enum Distribution: String, CaseIterable, Sendable { case fill, fillEqually }

    public var axis: Axis { Axis(rawValue: string("axis")) ?? .vertical }
    public var alignment: Alignment { Alignment(rawValue: string("alignment")) ?? .fill }
    public var distribution: Distribution { Distribution(rawValue: string("distribution")) ?? .fill }
    /// The room between two subviews, in points.
    public var spacing: Double { number("spacing") }
    /// The room inside its edges, on every side (UIStackView's layout
    /// margins with `isLayoutMarginsRelativeArrangement`), in points.
    public var padding: Double { number("padding") }

    /// UIStackView's `arrangedSubviews`: its subviews, in order.
    public var arrangedSubviews: [View] { subviews }

    /// Whether a subview takes the room left along a horizontal stack that
    /// distributes it by `fill`: those that hug their content least in
    /// UIKit (labels, text fields, sliders, plain views and stacks); the
    /// others (buttons, switches, steppers, images, a host's own types)
    /// keep their natural width. Hosts lay rows out by it.
    public static func stretches(_ view: View) -> Bool {
        let type = view.controlType
        return type.name == "View" || ["Stack", "Label", "TextField", "Slider"].contains { type.isKind(of: $0) }
    }

    /// Whether `show` draws its subviews on its own line: a horizontal
    /// stack of controls that hold none of their own.
    var drawsSubviewsInARow: Bool {
        axis == .horizontal && !subviews.isEmpty && subviews.allSatisfy(\.subviews.isEmpty)
    }
}

extension ControlType {
    public static let stack = ControlType(
        name: "Stack", parent: .view,
        summary: "Lays its subviews out down or across, with spacing, alignment and padding (a UIStackView, a GtkBox).",
        properties: [
            PropertySpec("axis", .enumeration(Stack.Axis.allCases.map(\.rawValue)), default: .string("vertical")),
            // Bounded so that no host is asked for an absurd allocation.
            PropertySpec("spacing", .number, default: .number(0), min: 0, max: 1000),
            PropertySpec("alignment", .enumeration(Stack.Alignment.allCases.map(\.rawValue)), default: .string("fill")),
            PropertySpec("distribution", .enumeration(Stack.Distribution.allCases.map(\.rawValue)), default: .string("fill")),
            PropertySpec("padding", .number, default: .number(0), min: 0, max: 1000),
        ],
        events: [], delegateMessages: [], hostProperties: [], methods: [], commands: [],
        picture: { view in
            guard let stack = view as? Stack else { return "stack" }
            var parts = ["\(stack.axis == .vertical ? "▤" : "▥") \(stack.axis.rawValue) stack"]
            if stack.spacing > 0 { parts.append("spacing \(formatNumber(stack.spacing))") }
            if stack.padding > 0 { parts.append("padding \(formatNumber(stack.padding))") }
            if stack.alignment != .fill { parts.append(stack.alignment.rawValue) }
            if stack.distribution != .fill { parts.append("fill equally") }
            return parts.joined(separator: ", ")
        },
        widget: "Stack",
        make: { Stack(name: $0, type: $1) })
}
