/// The bytes a terminal sends as keys. A lone Escape may start a sequence still on its way: it is
/// the Esc key once input goes quiet (`flush`).
struct KeyDecoder: Sendable {
  private var buffer: [UInt8] = []
  private var start = 0
  var hasPendingBytes: Bool { start < buffer.count }

  mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  mutating func next(flush: Bool = false) -> Key? {
    guard let (key, length) = Self.decode(buffer[start...], isComplete: flush) else { return nil }
    start += length
    return key
  }

  static func decode(_ bytes: ArraySlice<UInt8>, isComplete: Bool) -> (Key, Int)? {
    guard let first = bytes.first else { return nil }
    switch first {
    case 0x1B: return escape(bytes, isComplete: isComplete)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x20: return (.space, 1)
    case 0x00: return (.control(" "), 1)
    case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    case 0x1C...0x1F: return (.unknown, 1)
    case 0x21...0x7E: return (.text(Character(Unicode.Scalar(first))), 1)
    default: return utf8(bytes, isComplete: isComplete)
    }
  }

  private static func escape(_ bytes: ArraySlice<UInt8>, isComplete: Bool) -> (Key, Int)? {
    let base = bytes.startIndex
    guard bytes.count > 1 else { return isComplete ? (.escape, 1) : nil }
    let second = bytes[base + 1]
    switch second {
    case UInt8(ascii: "["): return controlSequence(bytes, isComplete: isComplete)
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
      return controlString(bytes, isComplete: isComplete)
    case UInt8(ascii: "O"):
      guard bytes.count > 2 else { return isComplete ? (.alt("O"), 2) : nil }
      return (ss3Key(bytes[base + 2]), 3)
    case 0x1B:
      // Escape twice: the first is the Esc key on its own.
      return (.escape, 1)
    default:
      guard let (key, length) = decode(bytes.dropFirst(), isComplete: isComplete) else { return nil }
      switch key {
      case .text(let character): return (.alt(character), length + 1)
      default: return (.escape, 1)
      }
    }
  }

  // CSI: ESC [ parameters (0x30–0x3F)* intermediates (0x20–0x2F)* final (0x40–0x7E).
  private static func controlSequence(_ bytes: ArraySlice<UInt8>, isComplete: Bool) -> (Key, Int)? {
    let base = bytes.startIndex
    var index = base + 2
    while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return isComplete ? (.unknown, bytes.count) : nil }
    let final = bytes[index]
    let length = index - base + 1
    guard (0x40...0x7E).contains(final) else { return (.unknown, length - 1) }
    let parameters = String(decoding: bytes[(base + 2)..<index], as: UTF8.self)
    let first = parameters.split(separator: ";").first.map(String.init) ?? ""
    switch final {
    case UInt8(ascii: "~"):
      let keys: [String: Key] = [
        "1": .home, "7": .home, "4": .end, "8": .end, "3": .delete, "5": .pageUp, "6": .pageDown,
      ]
      return (keys[first] ?? .unknown, length)
    case UInt8(ascii: "M") where parameters.isEmpty:
      // An X10 mouse report: ESC [ M and three raw bytes. Never Enter.
      guard bytes.count >= length + 3 else { return isComplete ? (.unknown, bytes.count) : nil }
      return (.unknown, length + 3)
    // Only ESC O M is the keypad's Enter; a CSI ending in M is a mouse report.
    case UInt8(ascii: "M"): return (.unknown, length)
    default: return (ss3Key(final), length)
    }
  }

  // OSC, DCS, APC, PM, SOS: up to BEL or ESC \ (terminal replies, pasted escapes), dropped whole.
  private static func controlString(_ bytes: ArraySlice<UInt8>, isComplete: Bool) -> (Key, Int)? {
    let base = bytes.startIndex
    var index = base + 2
    while index < bytes.endIndex {
      if bytes[index] == 0x07 { return (.unknown, index - base + 1) }
      if bytes[index] == 0x1B, index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "\\") {
        return (.unknown, index - base + 2)
      }
      index += 1
    }
    return isComplete ? (.unknown, bytes.count) : nil
  }

  private static func ss3Key(_ final: UInt8) -> Key {
    let keys: [Unicode.Scalar: Key] = [
      "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "M": .enter,
    ]
    return keys[Unicode.Scalar(final)] ?? .unknown
  }

  private static func utf8(_ bytes: ArraySlice<UInt8>, isComplete: Bool) -> (Key, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (.unknown, 1)
    }
    guard bytes.count >= length else {
      let continuing = bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 }
      return isComplete || !continuing ? (.unknown, 1) : nil
    }
    let sequence = bytes.prefix(length)
    guard sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
      let scalar = String(validating: sequence, as: UTF8.self)?.unicodeScalars.first
    else { return (.unknown, 1) }
    // C1 controls and bidi overrides are not text.
    if TextSanitizer.isUnsafe(scalar) { return (.unknown, length) }
    return (.text(Character(scalar)), length)
  }
}
