/// A switch (UISwitch): on or off; a tap flips it.
public final class Switch: View {
    public override class var controlType: ControlType { .switch }
    public var isOn: Bool { bool("on") }

    public override var takesTaps: Bool { true }

    /// A tap flips the switch, as a user's would.
    @discardableResult
    public override func tap() -> Bool {
        if let scene, scene.commandDepth == 0 { return scene.perform { tap() } }
        guard canReceiveTouches, let index = schema.index(of: "on") else { return super.tap() }
        return storeUserEdit(index, to: .bool(!isOn), sending: "valueChanged")
    }
}

extension ControlType {
    public static let `switch` = ControlType(
        name: "Switch", parent: .view,
        summary: "On or off; a tap flips it.",
        properties: [PropertySpec("on", .bool, default: .bool(false)), .enabled],
        events: ["valueChanged"], delegateMessages: [], hostProperties: [], methods: [], commands: [],
        picture: { view in (view as? Switch)?.isOn ?? false ? "( ●) on" : "(○ ) off" },
        widget: "Switch",
        make: { Switch(name: $0, type: $1) })
}
