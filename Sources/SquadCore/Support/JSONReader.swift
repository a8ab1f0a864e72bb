/// Reads JSON in place, one value at a time, into whatever the caller builds: no tree of values
/// to allocate and free. Used where BENCHMARKS.md shows it pays (the catalogue's records and
/// header, a `catalogue import` walk, squad's own member documents); the rest is decoded with
/// Foundation's `JSONDecoder`.
struct JSONReader {
  /// Why the text is not JSON, and the byte offset where reading stopped.
  struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
    var reason: String
    var offset: Int
    var description: String { "\(reason) at byte \(offset)" }
  }

  /// The most levels of objects and arrays a document may nest: Foundation's decoder's limit too.
  static let maximumDepth = 512
  private static let tooDeep = "the document nests too deeply"
  /// Whether `bytes` stop being readable JSON where they nest deeper than ``maximumDepth``, which
  /// Foundation's decoder reports only as "not valid JSON".
  static func nestsTooDeeply(_ bytes: [UInt8]) -> Bool { syntaxError(in: bytes)?.reason == tooDeep }

  /// What is wrong with a value that is JSON but not what the reader wants.
  struct Unfit: Error, Equatable { var message: String }

  private let bytes: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0
  // How deep in containers reading is, and whether each has had a member yet (so the next one
  // needs a comma): one bit per level for the first 64, then an array for hostile depths.
  private var depth = 0
  private var startedBits: UInt64 = 0
  private var deepStarted: [Bool] = []

  /// A reader of `bytes[range]` (all of them by default) whose offsets count from the start of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>? = nil) {
    self.bytes = range.map { UnsafeBufferPointer(rebasing: bytes[..<$0.upperBound]) } ?? bytes
    offset = range?.lowerBound ?? 0
  }

  /// Where `bytes` stop being one JSON document; nil when they are one.
  static func syntaxError(in bytes: [UInt8]) -> Failure? {
    bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(buffer)
      do throws(Failure) {
        try reader.skipValue()
        return reader.isAtEnd() ? nil : reader.failure("unexpected text after the document")
      } catch {
        return error
      }
    }
  }

  mutating func isAtEnd() -> Bool {
    skipSpace()
    return offset == bytes.count
  }

  /// Enters an object; read its members with ``nextKey()``, an array's items with ``nextItem()``.
  mutating func beginObject() throws(Failure) { try begin(UInt8(ascii: "{"), "an object") }
  mutating func beginArray() throws(Failure) { try begin(UInt8(ascii: "["), "an array") }

  /// The next key of the current object, positioned at its value; nil (and the object left) at its end.
  mutating func nextKey() throws(Failure) -> JSONKey? {
    guard try next(closing: UInt8(ascii: "}")) else { return nil }
    guard peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
    let key = try rawString()
    skipSpace()
    guard peek() == UInt8(ascii: ":") else { throw failure("expected ':'") }
    offset += 1
    return key
  }

  /// Whether the current array has another item (positioned at it); false leaves the array.
  mutating func nextItem() throws(Failure) -> Bool { try next(closing: UInt8(ascii: "]")) }

  /// Whether the next value is `null`, which is then consumed.
  mutating func skipNull() -> Bool {
    skipSpace()
    guard offset + 4 <= bytes.count, bytes[offset] == UInt8(ascii: "n"), bytes[offset + 1] == UInt8(ascii: "u"),
      bytes[offset + 2] == UInt8(ascii: "l"), bytes[offset + 3] == UInt8(ascii: "l")
    else { return false }
    offset += 4
    return true
  }

  /// Whether the next value is an object (nothing consumed): asking by `beginObject` would build
  /// a failure's text for every value that is not, on a listing's path.
  mutating func isObjectNext() -> Bool {
    skipSpace()
    return peek() == UInt8(ascii: "{")
  }

  mutating func string() throws(Failure) -> String {
    let raw = try rawStringValue()
    guard let text = raw.checkedString else {
      throw Failure(reason: "an escape that is no character", offset: offset - raw.quoted.count)
    }
    return text
  }

  /// A string value, nil for `null`, or (the value passed over) what is wrong with it.
  mutating func text() throws(Failure) -> Result<String?, Unfit> {
    if skipNull() { return .success(nil) }
    guard peek() == UInt8(ascii: "\"") else {
      try skipValue()
      return .failure(Unfit(message: "expected a string"))
    }
    return .success(try string())
  }

  /// A string value as read, for callers that parse it further without making a `String`.
  mutating func rawStringValue() throws(Failure) -> JSONKey {
    skipSpace()
    guard peek() == UInt8(ascii: "\"") else { throw failure("expected a string") }
    return try rawString()
  }

  /// A whole number; one that does not fit in `Int` is an error, like a fraction.
  mutating func int() throws(Failure) -> Int {
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
    let first = start + (negative ? 1 : 0)
    // JSON writes no leading zero ("01"): such text is not a number.
    guard !overflow, offset > first, bytes[first] != 0x30 || offset == first + 1, end != UInt8(ascii: "."),
      end != UInt8(ascii: "e"),
      end != UInt8(ascii: "E"),
      !(end.map { $0 >= 0x30 && $0 <= 0x39 } ?? false)
    else {
      offset = start
      throw failure("expected a whole number")
    }
    return negative ? -value : value
  }

  mutating func optionalInt() throws(Failure) -> Int? { skipNull() ? nil : try int() }

  /// Passes over the next value, whatever it is, checking that it is JSON.
  mutating func skipValue() throws(Failure) {
    skipSpace()
    switch peek() {
    case UInt8(ascii: "\"")?: _ = try rawString()
    case UInt8(ascii: "{")?:
      try beginObject()
      while try nextKey() != nil { try skipValue() }
    case UInt8(ascii: "[")?:
      try beginArray()
      while try nextItem() { try skipValue() }
    default: try scalar()
    }
  }

  /// Passes over the next value as ``skipValue()`` does, giving its text without the white space
  /// between tokens: one line of JSON to write back as it was (a key squad does not know).
  mutating func compactValue() throws(Failure) -> String {
    skipSpace()
    let start = offset
    try skipValue()
    var compact: [UInt8] = []
    compact.reserveCapacity(offset - start)
    var inString = false
    var escaped = false
    for byte in bytes[start..<offset] {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        continue
      }
      compact.append(byte)
    }
    return String(decoding: compact, as: UTF8.self)
  }

  /// Passes over the next value as ``skipValue()`` does, giving the path (`results[0].name`) of
  /// the first key given twice in one of its objects: readers disagree on which one counts.
  mutating func repeatedKey() throws(Failure) -> String? {
    func joined(_ outer: String, _ inner: String) -> String { outer + (inner.hasPrefix("[") ? "" : ".") + inner }
    skipSpace()
    switch peek() {
    case UInt8(ascii: "{")?:
      try beginObject()
      var keys = Set<String>()
      while let key = try nextKey() {
        guard keys.insert(key.string).inserted else { return key.string }
        if let inner = try repeatedKey() { return joined(key.string, inner) }
      }
    case UInt8(ascii: "[")?:
      try beginArray()
      var index = 0
      while try nextItem() {
        if let inner = try repeatedKey() { return joined("[\(index)]", inner) }
        index += 1
      }
    default: try skipValue()
    }
    return nil
  }

  func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: offset) }

  /// The bytes read from offset `start` to here, as text (a value just passed over, for a message).
  func text(since start: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[min(start, offset)..<offset]), as: UTF8.self)
  }

  mutating func skipValueGivingNumber() throws(Failure) -> Double? {
    skipSpace()
    guard let byte = peek(), byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) else {
      try skipValue()
      return nil
    }
    return try scalar()
  }

  // `true`, `false`, `null` or a number (one infinite as a `Double` is not), giving the number.
  @discardableResult
  private mutating func scalar() throws(Failure) -> Double? {
    for word in ["true", "false", "null"] where word.utf8.first == peek() {
      guard bytes.count - offset >= word.utf8.count, word.utf8.elementsEqual(bytes[offset..<offset + word.utf8.count])
      else { throw failure("unexpected character") }
      offset += word.utf8.count
      return nil
    }
    let start = offset
    while let byte = peek(), (0x30...0x39).contains(byte) || "+-.eE".utf8.contains(byte) { offset += 1 }
    guard offset > start else { throw failure("unexpected character") }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    guard Self.isNumber(UnsafeBufferPointer(rebasing: bytes[start..<offset])), let number = Double(text),
      number.isFinite
    else {
      throw Failure(reason: "'\(text)' is not a number", offset: start)
    }
    return number
  }

  // JSON's grammar for a number, which Double(_:) is looser than: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  private static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var rest = text[...]
    func digits() -> Int {
      let count = rest.prefix { (0x30...0x39).contains($0) }.count
      rest = rest.dropFirst(count)
      return count
    }
    if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    let leadingZero = rest.first == 0x30
    guard case let whole = digits(), whole > 0, !leadingZero || whole == 1 else { return false }
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard digits() > 0 else { return false }
    }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
      rest = rest.dropFirst()
      if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return rest.isEmpty
  }

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

  private mutating func begin(_ opening: UInt8, _ what: String) throws(Failure) {
    skipSpace()
    guard peek() == opening else { throw failure("expected \(what)") }
    // Deeply nested hostile input would otherwise grow without bound.
    guard depth < Self.maximumDepth else { throw failure(Self.tooDeep) }
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

  private mutating func next(closing: UInt8) throws(Failure) -> Bool {
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
  private mutating func rawString() throws(Failure) -> JSONKey {
    let start = offset + 1
    var index = start
    // Eight bytes at a time (BENCHMARKS.md, "Stop 40": a synced `heroes --all` 1.15× the
    // instructions byte by byte): the lowest flagged byte of a word is exactly the first quote,
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
    // Escapes or a malformed string: checked byte by byte to its end.
    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
      guard bytes[index] >= 0x20 else { throw Failure(reason: "a control character inside a string", offset: index) }
      if bytes[index] == UInt8(ascii: "\\") {
        index += 1
        guard index < bytes.count, "\"\\/bfnrtu".utf8.contains(bytes[index]) else {
          throw Failure(reason: "an unknown escape in a string", offset: index)
        }
        if bytes[index] == UInt8(ascii: "u") {
          guard index + 4 < bytes.count,
            bytes[(index + 1)..<(index + 5)].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit })
          else {
            throw Failure(reason: "a \\u escape without four hex digits", offset: index)
          }
          index += 4
        }
      }
      index += 1
    }
    guard index < bytes.count else { throw failure("a string never ends") }
    defer { offset = index + 1 }
    return JSONKey(quoted: UnsafeBufferPointer(rebasing: bytes[offset...index]), hasEscapes: true)
  }
}

extension Optional {
  /// A field's value as read (nil when missing or null), or `problem` made of what is wrong with it.
  func value<Value, Problem: Error>(_ problem: (String) -> Problem) throws(Problem) -> Value?
  where Wrapped == Result<Value?, JSONReader.Unfit> {
    switch self {
    case .failure(let unfit)?: throw problem(unfit.message)
    case .success(let value)?: return value
    case nil: return nil
    }
  }
}

extension JSONReader {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  // The high bit of each byte of the word (little-endian) that is `"`, `\` or below 0x20: the
  // classic "has a zero byte" test (https://graphics.stanford.edu/~seander/bithacks.html#ValueInWord)
  // applied three times. Bytes above the lowest flagged one may be flagged wrongly, the lowest never is.
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
    let quote = zeroBytes(word ^ (ones &* 0x22))
    let backslash = zeroBytes(word ^ (ones &* 0x5C))
    let control = (word &- ones &* 0x20) & ~word & highBits
    return quote | backslash | control
  }
}
