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

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.int(let a), .int(let b)): return a == b
    case (.double(let a), .double(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// A string, or null when absent.
  public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
  /// A number, or null when absent.
  public static func optional(_ number: Int?) -> JSONValue { number.map(JSONValue.int) ?? .null }

  /// The JSON text: compact on one line, or indented by two spaces when `pretty`.
  public func encoded(pretty: Bool = false) -> String {
    var output = ""
    write(to: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(to output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value): output += value.isFinite ? String(value) : "null"
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let items):
      writeContainer(items, open: "[", close: "]", to: &output, pretty: pretty, indent: indent) { item, out in
        item.write(to: &out, pretty: pretty, indent: indent + 1)
      }
    case .object(let fields):
      writeContainer(fields, open: "{", close: "}", to: &output, pretty: pretty, indent: indent) { field, out in
        JSONValue.writeString(field.0, to: &out)
        out += pretty ? ": " : ":"
        field.1.write(to: &out, pretty: pretty, indent: indent + 1)
      }
    }
  }

  private func writeContainer<T>(
    _ items: [T], open: String, close: String, to output: inout String, pretty: Bool, indent: Int,
    item writeItem: (T, inout String) -> Void
  ) {
    output += open
    guard !items.isEmpty else { return output += close }
    let inner = pretty ? "\n" + String(repeating: "  ", count: indent + 1) : ""
    for (index, item) in items.enumerated() {
      if index > 0 { output += "," }
      output += inner
      writeItem(item, &output)
    }
    output += pretty ? "\n" + String(repeating: "  ", count: indent) + close : close
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      // Controls and bidi overrides are escaped, so JSON on a terminal is safe and still exact.
      case _ where TextSanitizer.isUnsafe(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
