import BehaveCore
import CLuaShim

/// An image: a table (`name`, `width`, `height`) with a shared, protected,
/// read-only metatable.
extension HostType {
    static let image: HostType = HostType("image", doc: "An image: a name and a size in pixels.", receiver: .image, methods: [
        HostFunction("fitting", LuaSignature("The image scaled down (never up) to fit within width × height.",
                                             ("width", "number"), ("height", "number"), returns: "Behave.Image")) { runtime, S throws(ValueError) in
            guard runtime.isImage(at: 1, in: S), let image = runtime.image(at: 1, in: S) else {
                throw runtime.dotCallError("fitting", of: .image, in: S)
                    ?? ValueError("fitting must be called on an image: image:fitting(width, height)")
            }
            let width = try runtime.argument(2, "width", runtime.number(at: 2, in: S), in: S)
            let height = try runtime.argument(3, "height", runtime.number(at: 3, in: S), in: S)
            guard width >= 1, height >= 1, !width.isNaN, !height.isNaN else {
                throw ValueError("fitting needs a width and height of at least 1, not \(formatNumber(width))×\(formatNumber(height))")
            }
            // Beyond any image's size, a bound is no bound.
            runtime.pushImage(image.fitting(width: Int(min(width, 1e9)), height: Int(min(height, 1e9))), on: S)
            return 1
        },
    ], properties: [
        field("name", "string"), field("width", "integer"), field("height", "integer"),
    ], metamethods: [
        HostFunction("__tostring") { runtime, S in
            let image = runtime.isImage(at: 1, in: S) ? runtime.image(at: 1, in: S) : nil
            runtime.pushString(image.map { Value.image($0).description } ?? "image", on: S)
            return 1
        },
        HostFunction("__eq") { runtime, S in
            let a = runtime.isImage(at: 1, in: S) ? runtime.image(at: 1, in: S) : nil
            let b = runtime.isImage(at: 2, in: S) ? runtime.image(at: 2, in: S) : nil
            lua_pushboolean(S, a != nil && a == b ? 1 : 0)
            return 1
        },
        HostFunction("__newindex") { _, _ throws(ValueError) in
            throw ValueError("images take no new fields (they have name, width, height and fitting)")
        },
    ])
}
