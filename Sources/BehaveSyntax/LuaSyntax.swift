/// The syntax tree the linter reads: Lua 5.4's statements and expressions,
/// with the position of everything a finding can point at.

/// A name where it is written.
package struct LuaName {
    package var name: String
    package var position: SourcePosition

    package init(name: String, position: SourcePosition) {
        self.name = name
        self.position = position
    }
}

/// A literal other than a string.
package enum LuaConstant: Equatable {
    /// As written (`10`, `0x1F`).
    case number(String)
    case boolean(Bool)
    case `nil`

    /// The number's value, as Lua reads it (nil for what is no number).
    package var number: Double? {
        guard case .number(let text) = self else { return nil }
        return LuaConstant.value(ofNumeral: text)
    }

    /// A numeral's value (decimal or hexadecimal, as Swift reads both);
    /// nil when the text is no numeral (`inf`, ` 8`). A hexadecimal
    /// integer wraps around as Lua's does (`0xffffffffffffffff` is -1).
    package static func value(ofNumeral text: String) -> Double? {
        guard let first = text.first, first.isASCII, first.isNumber || first == "." else { return nil }
        let utf8 = text.utf8
        if utf8.count > 2, utf8.starts(with: "0x".utf8) || utf8.starts(with: "0X".utf8),
           !utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "p") || $0 == UInt8(ascii: "P") }) {
            var value: UInt64 = 0
            for byte in utf8.dropFirst(2) {
                guard let digit = UInt8(ascii: "0")...UInt8(ascii: "9") ~= byte ? byte - 48
                        : (UInt8(ascii: "a")...UInt8(ascii: "f")) ~= (byte | 0x20) ? (byte | 0x20) - 87 : nil else { return nil }
                value = value &* 16 &+ UInt64(digit)
            }
            return Double(Int64(bitPattern: value))
        }
        return Double(text)
    }
}

package indirect enum LuaExpression {
    case constant(LuaConstant, SourcePosition)
    case string(String, SourcePosition)
    case vararg(SourcePosition)
    case name(LuaName)
    /// `object.key`; the position is the key's.
    case field(LuaExpression, LuaName)
    /// `object[key]`.
    case index(LuaExpression, LuaExpression, SourcePosition)
    /// `function(…)`, and where the call's `(` or argument starts.
    case call(LuaExpression, [LuaExpression], SourcePosition)
    /// `object:method(…)`.
    case methodCall(LuaExpression, LuaName, [LuaExpression])
    case function(LuaFunction)
    /// A unary operation (one operand, one operator) or a chain of binary
    /// ones, flat: `operators[i]` stands between `operands[i]` and
    /// `operands[i + 1]`, and applies to all that comes before it (the
    /// parser nests what binds tighter), so `a + b == c` is `(a + b) == c`.
    case operation([LuaExpression], operators: [String], SourcePosition)
    case table([LuaTableItem], SourcePosition)
    case parenthesized(LuaExpression)
    /// A suffix chain longer than `LuaParser.maximumLinks`, cut into
    /// segments kept flat so that no walk recurses along the whole chain:
    /// the first segment (from the chain's start), then the middle ones,
    /// each on a stand-in for what came before it
    /// (`LuaExpression.chainStandIn`). The last segment stands on this.
    case longChain(LuaExpression, [LuaExpression])

    package var position: SourcePosition {
        switch self {
        case .constant(_, let p), .string(_, let p), .vararg(let p), .index(_, _, let p), .operation(_, _, let p),
             .table(_, let p):
            return p
        case .name(let n): return n.position
        case .field(let object, _), .call(let object, _, _), .methodCall(let object, _, _):
            return object.position
        case .function(let f): return f.position
        case .parenthesized(let e), .longChain(let e, _): return e.position
        }
    }

    /// What a segment of a long chain after the first stands on, in place
    /// of the segments before it: `...`, a value every walk passes over
    /// and nothing is known of, as nothing is of a link 64 deep.
    static func chainStandIn(at position: SourcePosition) -> LuaExpression {
        .vararg(position)
    }

    /// The same links on `base` in place of the stand-in the segment
    /// starts from (recursing along one segment only).
    func standingOn(_ base: LuaExpression) -> LuaExpression {
        switch self {
        case .field(let object, let key): .field(object.standingOn(base), key)
        case .index(let object, let key, let p): .index(object.standingOn(base), key, p)
        case .call(let callee, let arguments, let p): .call(callee.standingOn(base), arguments, p)
        case .methodCall(let object, let method, let arguments): .methodCall(object.standingOn(base), method, arguments)
        default: base
        }
    }
}

package enum LuaTableItem {
    case named(LuaName, LuaExpression)
    case keyed(LuaExpression, LuaExpression)
    case positional(LuaExpression)
}

package struct LuaFunction {
    package var position: SourcePosition
    package var parameters: [LuaName]
    /// Defined with `:` (an implicit `self` parameter).
    package var isMethod: Bool
    package var body: LuaBlock

    package init(position: SourcePosition, parameters: [LuaName], isMethod: Bool, body: LuaBlock) {
        self.position = position
        self.parameters = parameters
        self.isMethod = isMethod
        self.body = body
    }
}

/// `function a.b.c:m()`: the first name, the fields, the method.
package struct LuaFunctionName {
    package var root: LuaName
    package var fields: [LuaName]
    package var method: LuaName?
}

package struct LuaBlock {
    package var statements: [LuaStatement]
    /// Where the block ends (its `end`, `until`, `else`…), for messages.
    package var end: SourcePosition
}

package struct LuaStatement {
    package enum Kind {
        case local([LuaName], [LuaExpression])
        case assignment([LuaExpression], [LuaExpression])
        case call(LuaExpression)
        case block(LuaBlock)
        case whileLoop(LuaExpression, LuaBlock)
        case repeatLoop(LuaBlock, LuaExpression)
        case ifChain([(LuaExpression, LuaBlock)], LuaBlock?)
        case numericFor(LuaName, [LuaExpression], LuaBlock)
        case genericFor([LuaName], [LuaExpression], LuaBlock)
        case function(LuaFunctionName, LuaFunction)
        case localFunction(LuaName, LuaFunction)
        case returnValues([LuaExpression])
        case breakLoop
        case gotoLabel(String)
        case label(String)
    }

    package var kind: Kind
    package var position: SourcePosition
}
