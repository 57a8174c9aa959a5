/// An image view (UIImageView): shows an image, or nothing.
public final class ImageView: View {
    public override class var controlType: ControlType { .imageView }
    public var image: Image? { (try? value("image"))?.imageValue }
}

extension ControlType {
    public static let imageView = ControlType(
        name: "ImageView", parent: .view,
        summary: "Shows an image (a named image or a photo), or nothing.",
        properties: [PropertySpec("image", .image, default: .null, optional: true)],
        events: [], delegateMessages: [], hostProperties: [], methods: [], commands: [],
        picture: { view in ((try? view.value("image"))?.imageValue).map { "▨ \(Value.image($0))" } ?? "▨ (no image)" },
        widget: "ImageView",
        make: { ImageView(name: $0, type: $1) })
}
