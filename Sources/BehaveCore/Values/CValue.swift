import CBehaveCore

/// Values as the C half of the core keeps them (`bh_value`): what controls'
/// property slots and the trace's records hold, and what the Lua bridge
/// reads and writes without converting.
typealias CText = UnsafeMutablePointer<bh_text>

extension String {
    /// The text's bytes (UTF-8: every writer checks it).
    init(_ text: CText?) {
        guard let text, text.pointee.len > 0 else {
            self = ""
            return
        }
        self = String(decoding: UnsafeRawBufferPointer(start: bh_text_bytes(text), count: text.pointee.len), as: UTF8.self)
    }

    /// A new C text of these bytes (one reference; nil when empty and
    /// `emptyIsNil`).
    func makeText(emptyIsNil: Bool = false, immortal: Bool = false) -> CText? {
        if emptyIsNil, isEmpty { return nil }
        var copy = self
        return copy.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                immortal ? bh_text_immortal($0.baseAddress, $0.count) : bh_text_new($0.baseAddress, $0.count)
            }
        }
    }
}

extension Value {
    /// The value read from a C value (its text copied).
    init(_ c: bh_value) {
        switch c.type {
        case BH_VBOOL: self = .bool(c.n.0 != 0)
        case BH_VNUMBER: self = .number(c.n.0)
        case BH_VSTRING: self = .string(String(c.text))
        case BH_VIMAGE:
            self = .image(Image(name: String(c.text),
                                width: c.flags & BH_VWIDTH != 0 ? Value.whole(c.n.0) : nil,
                                height: c.flags & BH_VHEIGHT != 0 ? Value.whole(c.n.1) : nil))
        case BH_VCOLOR:
            self = .color(Color(red: UInt8(c.n.0), green: UInt8(c.n.1), blue: UInt8(c.n.2),
                                name: c.text.map { String($0) }))
        case BH_VPOINT: self = .point(Point(x: c.n.0, y: c.n.1))
        case BH_VSIZE: self = .size(Size(width: c.n.0, height: c.n.1))
        case BH_VRECT: self = .rect(Rect(x: c.n.0, y: c.n.1, width: c.n.2, height: c.n.3))
        default: self = .null
        }
    }

    /// An image's dimension, stored as a double.
    private static func whole(_ n: Double) -> Int {
        Int(exactly: n) ?? (n > 0 ? .max : .min)
    }

    /// The value as a C value holding a new reference to its text (release
    /// it with `bh_value_release`). `immortal` texts are never freed
    /// (defaults of schemas, which threads share).
    func makeC(immortal: Bool = false) -> bh_value {
        var c = bh_value()
        switch self {
        case .null: c.type = BH_VNIL
        case .bool(let b):
            c.type = BH_VBOOL
            c.n.0 = b ? 1 : 0
        case .number(let n):
            c.type = BH_VNUMBER
            c.n.0 = n
        case .string(let s):
            c.type = BH_VSTRING
            c.text = s.makeText(emptyIsNil: true, immortal: immortal)
        case .image(let image):
            c.type = BH_VIMAGE
            c.text = image.name.makeText(emptyIsNil: true, immortal: immortal)
            if let width = image.width {
                c.flags |= BH_VWIDTH
                c.n.0 = Double(width)
            }
            if let height = image.height {
                c.flags |= BH_VHEIGHT
                c.n.1 = Double(height)
            }
        case .color(let color):
            c.type = BH_VCOLOR
            c.n = (Double(color.red), Double(color.green), Double(color.blue), 0)
            c.text = color.name?.makeText(immortal: immortal)
        case .point(let p):
            c.type = BH_VPOINT
            c.n = (p.x, p.y, 0, 0)
        case .size(let s):
            c.type = BH_VSIZE
            c.n = (s.width, s.height, 0, 0)
        case .rect(let r):
            c.type = BH_VRECT
            c.n = (r.x, r.y, r.width, r.height)
        }
        return c
    }
}
