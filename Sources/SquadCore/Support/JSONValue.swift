import Foundation

/// A JSON document whose object keys keep the order they were given in.
///
/// squad's JSON output has a stable, meaningful key order (`id` and `name` first), which
/// `JSONEncoder` does not promise; this small type writes exactly what it is given.
public enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])
  /// JSON text written as it stands (controls and bidi overrides in its strings escaped, as for
  /// `.string`): one value on one line that squad carries without reading it (``UnknownField``).
  case raw(String)

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.string(let a), .string(let b)), (.raw(let a), .raw(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  static func optional(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

  /// The JSON text: compact on one line, or indented by two spaces when `pretty`.
  public func encoded(pretty: Bool = false) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(256)
    write(to: &output, pretty: pretty, indent: 0)
    return String(decoding: output, as: UTF8.self)
  }

  private func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null".utf8
    case .bool(let value): output += (value ? "true" : "false").utf8
    case .int(let value): output += String(value).utf8
    case .double(let value): output += (value.isFinite ? String(value) : "null").utf8
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .raw(let text): JSONValue.writeRaw(text, to: &output)
    case .array(let items):
      writeContainer(items, "[", "]", to: &output, pretty: pretty, indent: indent) { item, out in
        item.write(to: &out, pretty: pretty, indent: indent + 1)
      }
    case .object(let fields):
      writeContainer(fields, "{", "}", to: &output, pretty: pretty, indent: indent) { field, out in
        JSONValue.writeString(field.0, to: &out)
        out += (pretty ? ": " : ":").utf8
        field.1.write(to: &out, pretty: pretty, indent: indent + 1)
      }
    }
  }

  private func writeContainer<T>(
    _ items: [T], _ open: Unicode.Scalar, _ close: Unicode.Scalar, to output: inout [UInt8], pretty: Bool,
    indent: Int, item writeItem: (T, inout [UInt8]) -> Void
  ) {
    output.append(UInt8(ascii: open))
    guard !items.isEmpty else { return output.append(UInt8(ascii: close)) }
    for (index, item) in items.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      if pretty { JSONValue.newline(to: &output, indent: indent + 1) }
      writeItem(item, &output)
    }
    if pretty { JSONValue.newline(to: &output, indent: indent) }
    output.append(UInt8(ascii: close))
  }

  private static func newline(to output: inout [UInt8], indent: Int) {
    output.append(0x0A)
    output += repeatElement(UInt8(ascii: " "), count: indent * 2)
  }

  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    let utf8 = value.utf8
    // Most strings need no escaping at all: copy their bytes in one go.
    if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 >= 0x7F }) {
      output += utf8
      output.append(UInt8(ascii: "\""))
      return
    }
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\"".utf8
      case "\\": output += "\\\\".utf8
      case "\n": output += "\\n".utf8
      case "\r": output += "\\r".utf8
      case "\t": output += "\\t".utf8
      // Controls and bidi overrides are escaped, so JSON on a terminal is safe and still exact.
      case _ where isEscaped(scalar): writeEscape(scalar, to: &output)
      default:
        output += String(scalar).utf8
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  // Valid JSON, so only its strings can hold a control or bidi override (a byte from 0x7F): each
  // is escaped as `writeString` does, the same value.
  private static func writeRaw(_ text: String, to output: inout [UInt8]) {
    guard text.utf8.contains(where: { $0 >= 0x7F }) else {
      output += text.utf8
      return
    }
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) { writeEscape(scalar, to: &output) } else { output += String(scalar).utf8 }
    }
  }

  private static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    TextSanitizer.isUnsafe(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
  }

  // Every scalar `isEscaped` takes is in the Basic Multilingual Plane: four hex digits hold it.
  private static func writeEscape(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
    let hex = String(scalar.value, radix: 16)
    output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
  }
}
