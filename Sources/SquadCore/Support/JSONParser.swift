/// A small, fast JSON parser producing ``JSONValue``s with object keys in document order.
///
/// `JSONDecoder` costs milliseconds to warm up and more per record than squad can afford at
/// start-up; the catalogue and the squad file are read with this instead.
public struct JSONParser {
  /// Why a document is not JSON, with the byte offset where parsing stopped.
  public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was expected or found.
    public var reason: String
    /// The byte offset of the problem.
    public var offset: Int

    public var description: String { "\(reason) at byte \(offset)" }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0

  /// Parses a whole document; trailing non-space bytes are an error.
  public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> JSONValue in
      var parser = JSONParser(bytes: buffer)
      let value = try parser.value()
      parser.skipSpace()
      guard parser.index == buffer.count else { throw parser.failure("unexpected text after the document") }
      return value
    }
  }

  /// Parses the UTF-8 text of a document.
  public static func parse(_ text: some StringProtocol) throws(Failure) -> JSONValue { try parse(Array(text.utf8)) }

  private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A parser positioned at `offset`, for ``JSONReader`` to hand the rare cases to.
  init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
    self.bytes = bytes
    index = offset
  }

  /// Where parsing has got to.
  var offset: Int { index }

  /// A number, `true`, `false` or `null` at the current position.
  mutating func scalar() throws(Failure) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw failure("unexpected end of the document") }
    switch bytes[index] {
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  /// The string whose opening quote is at the current position, escapes decoded.
  mutating func quotedString() throws(Failure) -> String { try string() }

  private func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func value() throws(Failure) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw failure("unexpected end of the document") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else { throw failure("unexpected character") }
      index += 1
    }
    return value
  }

  private mutating func nest() throws(Failure) {
    depth += 1
    // Deeply nested hostile input would otherwise exhaust the stack.
    guard depth <= 512 else { throw failure("the document nests too deeply") }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try nest()
    defer { depth -= 1 }
    index += 1
    var fields: [(String, JSONValue)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(fields)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      fields.append((key, try value()))
      skipSpace()
      guard index < bytes.count else { throw failure("unexpected end of the document") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(fields)
      } else {
        throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try nest()
    defer { depth -= 1 }
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      items.append(try value())
      skipSpace()
      guard index < bytes.count else { throw failure("unexpected end of the document") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      } else {
        throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    var isInteger = true
    while index < bytes.count {
      let byte = bytes[index]
      if byte >= 0x30 && byte <= 0x39 {
        index += 1
      } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      {
        isInteger = false
        index += 1
      } else {
        break
      }
    }
    guard index > start else { throw failure("unexpected character") }
    if isInteger, index - start < 19 {
      // Up to 18 digits cannot overflow; parse them without building a String.
      var value = 0
      let negative = bytes[start] == UInt8(ascii: "-")
      for byte in bytes[(negative ? start + 1 : start)..<index] { value = value * 10 + Int(byte - 0x30) }
      if !negative || index - start > 1 { return .int(negative ? -value : value) }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else {
      throw Failure(reason: "'\(text)' is not a number", offset: start)
    }
    return .double(value)
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    let start = index
    // Fast path: no escapes, so the bytes are the string.
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
      bytes[index] >= 0x20
    {
      index += 1
    }
    guard index < bytes.count else { throw failure("a string never ends") }
    if bytes[index] == UInt8(ascii: "\"") {
      index += 1
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
    }
    var scalars = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: scalars, as: UTF8.self)
      }
      guard byte >= 0x20 else { throw failure("a control character inside a string") }
      if byte != UInt8(ascii: "\\") {
        scalars.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
      case UInt8(ascii: "b"): scalars.append(0x08)
      case UInt8(ascii: "f"): scalars.append(0x0C)
      case UInt8(ascii: "n"): scalars.append(0x0A)
      case UInt8(ascii: "r"): scalars.append(0x0D)
      case UInt8(ascii: "t"): scalars.append(0x09)
      case UInt8(ascii: "u"): scalars.append(contentsOf: Array(String(try unicodeEscape()).utf8))
      default: throw failure("an unknown escape in a string")
      }
    }
    throw failure("a string never ends")
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("a \\u escape is cut short") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw failure("a \\u escape has a non-hex digit")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func unicodeEscape() throws(Failure) -> Character {
    let high = try hex4()
    if (0xD800...0xDBFF).contains(high), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    {
      index += 2
      let low = try hex4()
      if (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
      {
        return Character(scalar)
      }
      return "\u{FFFD}"
    }
    return Unicode.Scalar(high).map(Character.init) ?? "\u{FFFD}"
  }
}
