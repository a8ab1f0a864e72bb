/// Reads JSON in place, one value at a time, into whatever the caller builds: no tree of
/// ``JSONValue``s to allocate and free. The catalogue (thousands of heroes) is read with it.
///
/// ```swift
/// try reader.beginObject()
/// while let key = try reader.nextKey() {
///   if key == "name" { name = try reader.string() } else { try reader.skipValue() }
/// }
/// ```
struct JSONReader {
  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  // How deep in containers reading is, and whether each has had a member yet (so the next one
  // needs a comma): one bit per level for the first 64, then an array for hostile depths.
  private var depth = 0
  private var startedBits: UInt64 = 0
  private var deepStarted: [Bool] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// A reader of `bytes[range]` whose offsets count from the start of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
    self.bytes = UnsafeBufferPointer(rebasing: bytes[..<range.upperBound])
    offset = range.lowerBound
  }

  /// Where `bytes` stop being one JSON document; nil when they are one.
  static func syntaxError(in bytes: [UInt8]) -> JSONParser.Failure? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(JSONParser.Failure) {
        try reader.skipValue()
        return reader.isAtEnd() ? nil : reader.failure("unexpected text after the document")
      } catch {
        return error
      }
    }
  }

  /// Whether only white space is left.
  mutating func isAtEnd() -> Bool {
    skipSpace()
    return offset == bytes.count
  }

  /// Enters an object; read its members with ``nextKey()``.
  mutating func beginObject() throws(JSONParser.Failure) { try begin(UInt8(ascii: "{"), "an object") }

  /// Enters an array; read its items with ``nextItem()``.
  mutating func beginArray() throws(JSONParser.Failure) { try begin(UInt8(ascii: "["), "an array") }

  /// The next key of the current object, positioned at its value; nil (and the object left) at
  /// its end.
  mutating func nextKey() throws(JSONParser.Failure) -> JSONKey? {
    guard try next(closing: UInt8(ascii: "}")) else { return nil }
    guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
    let key = try rawString()
    skipSpace()
    guard peek() == UInt8(ascii: ":") else { throw failure("expected ':'") }
    offset += 1
    return key
  }

  /// Whether the current array has another item (positioned at it); false leaves the array.
  mutating func nextItem() throws(JSONParser.Failure) -> Bool { try next(closing: UInt8(ascii: "]")) }

  /// Whether the next value is `null`, which is then consumed.
  mutating func skipNull() -> Bool {
    skipSpace()
    guard offset + 4 <= bytes.count, bytes[offset] == UInt8(ascii: "n"), bytes[offset + 1] == UInt8(ascii: "u"),
      bytes[offset + 2] == UInt8(ascii: "l"), bytes[offset + 3] == UInt8(ascii: "l")
    else { return false }
    offset += 4
    return true
  }

  /// A string value.
  mutating func string() throws(JSONParser.Failure) -> String {
    skipSpace()
    guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string") }
    return try rawString().string
  }

  /// A string value, or nil for `null`.
  mutating func optionalString() throws(JSONParser.Failure) -> String? { skipNull() ? nil : try string() }

  /// A string value as read, for callers that parse it further without making a `String`.
  mutating func rawStringValue() throws(JSONParser.Failure) -> JSONKey {
    skipSpace()
    guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string") }
    return try rawString()
  }

  /// A whole number; one that does not fit in `Int` is an error, like a fraction.
  mutating func int() throws(JSONParser.Failure) -> Int {
    skipSpace()
    let start = offset
    let negative = peek() == UInt8(ascii: "-")
    if negative { offset += 1 }
    var value = 0
    var overflow = false
    while offset < bytes.count, bytes[offset] >= 0x30, bytes[offset] <= 0x39, offset - start < 20 {
      // A number from a file may not fit: that is a damaged record, never a trap.
      let (tens, overTens) = value.multipliedReportingOverflow(by: 10)
      let (sum, overSum) = tens.addingReportingOverflow(Int(bytes[offset] - 0x30))
      overflow = overflow || overTens || overSum
      value = sum
      offset += 1
    }
    let end = peek()
    guard !overflow, offset > start + (negative ? 1 : 0), end != UInt8(ascii: "."), end != UInt8(ascii: "e"),
      end != UInt8(ascii: "E"),
      !(end.map { $0 >= 0x30 && $0 <= 0x39 } ?? false)
    else {
      offset = start
      throw failure("expected a whole number")
    }
    return negative ? -value : value
  }

  /// A whole number, or nil for `null`.
  mutating func optionalInt() throws(JSONParser.Failure) -> Int? { skipNull() ? nil : try int() }

  /// Passes over the next value, whatever it is, checking that it is JSON.
  mutating func skipValue() throws(JSONParser.Failure) {
    skipSpace()
    switch peek() {
    case UInt8(ascii: "\"")?: _ = try rawString()
    case UInt8(ascii: "{")?:
      try beginObject()
      while try nextKey() != nil { try skipValue() }
    case UInt8(ascii: "[")?:
      try beginArray()
      while try nextItem() { try skipValue() }
    default:
      var parser = JSONParser(bytes, at: offset)
      _ = try parser.scalar()
      offset = parser.offset
    }
  }

  /// Where reading stopped, for error messages.
  func failure(_ reason: String) -> JSONParser.Failure { JSONParser.Failure(reason: reason, offset: offset) }

  @inline(__always)
  private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  @inline(__always)
  private mutating func skipSpace() {
    // Usually there is none: catalogue and squad files have a space or a newline between few tokens.
    guard offset < bytes.count, bytes[offset] <= 0x20 else { return }
    while offset < bytes.count,
      bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09
    {
      offset += 1
    }
  }

  private mutating func begin(_ opening: UInt8, _ what: String) throws(JSONParser.Failure) {
    skipSpace()
    guard peek() == opening else { throw failure("expected \(what)") }
    // Deeply nested hostile input would otherwise grow without bound.
    guard depth < 512 else { throw failure("the document nests too deeply") }
    offset += 1
    depth += 1
    setStarted(false)
  }

  // Level `depth` (1-based) has had a member.
  @inline(__always)
  private var isStarted: Bool {
    depth <= 64 ? startedBits & (1 << UInt64(depth - 1)) != 0 : deepStarted[depth - 65]
  }

  @inline(__always)
  private mutating func setStarted(_ value: Bool) {
    if depth <= 64 {
      let bit: UInt64 = 1 << UInt64(depth - 1)
      startedBits = value ? startedBits | bit : startedBits & ~bit
    } else if depth - 65 < deepStarted.count {
      deepStarted[depth - 65] = value
    } else {
      deepStarted.append(value)
    }
  }

  private mutating func next(closing: UInt8) throws(JSONParser.Failure) -> Bool {
    skipSpace()
    guard let byte = peek() else { throw failure("unexpected end of the document") }
    if byte == closing {
      offset += 1
      depth -= 1
      return false
    }
    if isStarted {
      guard byte == UInt8(ascii: ",") else { throw failure("expected ',' or '\(Character(Unicode.Scalar(closing)))'") }
      offset += 1
      skipSpace()
    } else {
      setStarted(true)
    }
    return true
  }

  // The string starting at the opening quote: its bytes when it has no escapes, else decoded.
  private mutating func rawString() throws(JSONParser.Failure) -> JSONKey {
    let start = offset + 1
    var index = start
    // Eight bytes at a time: the lowest flagged byte of a word is exactly the first quote,
    // backslash or control character in it (flags above it may be false).
    if let base = bytes.baseAddress {
      while index + 8 <= bytes.count {
        let mask = Self.specialBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        guard mask == 0 else {
          index += mask.trailingZeroBitCount / 8
          break
        }
        index += 8
      }
    }
    while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
      bytes[index] >= 0x20
    {
      index += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      defer { offset = index + 1 }
      return JSONKey(quoted: UnsafeBufferPointer(rebasing: bytes[offset...index]), hasEscapes: false)
    }
    // Escapes or a malformed string: the parser checks it and finds where it ends.
    var parser = JSONParser(bytes, at: offset)
    _ = try parser.quotedString()
    defer { offset = parser.offset }
    return JSONKey(quoted: UnsafeBufferPointer(rebasing: bytes[offset..<parser.offset]), hasEscapes: true)
  }
}

extension JSONReader {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  // Whether any byte of the word is `"`, `\` or below 0x20: the classic "has a zero byte" test
  // (https://graphics.stanford.edu/~seander/bithacks.html#ValueInWord) applied three times.
  static func hasSpecialByte(_ word: UInt64) -> Bool { specialBytes(word) != 0 }

  // The high bit of each byte of the word (little-endian) that is `"`, `\` or below 0x20; bytes
  // above the lowest flagged one may be flagged wrongly, the lowest never is.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
    let quote = zeroBytes(word ^ (ones &* 0x22))
    let backslash = zeroBytes(word ^ (ones &* 0x5C))
    let control = (word &- ones &* 0x20) & ~word & highBits
    return quote | backslash | control
  }
}
