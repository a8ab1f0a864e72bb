import Foundation

/// MD5 (RFC 1321), for the Marvel API's signature and cache file names; Foundation on Linux lacks it.
enum MD5 {
  static func digest<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
    var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
    var message = Array(bytes)
    let bitLength = UInt64(message.count) &* 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    message += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> ($0 * 8)) }
    var words = [UInt32](repeating: 0, count: 16)
    for chunk in stride(from: 0, to: message.count, by: 64) {
      for index in 0..<16 {
        words[index] = (0..<4).reduce(UInt32(0)) { $0 | UInt32(message[chunk + index * 4 + $1]) << ($1 * 8) }
      }
      state = compress(state, words)
    }
    return [state.0, state.1, state.2, state.3].flatMap { word in
      (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32($0 * 8)) }
    }
  }

  /// The lowercase hexadecimal digest of the text's UTF-8 bytes, e.g. for the request `hash`.
  static func hex(_ text: String) -> String { hex(digest(Array(text.utf8))) }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String($0 >> 4, radix: 16) + String($0 & 0x0f, radix: 16) }.joined()
  }

  private static func compress(_ state: (UInt32, UInt32, UInt32, UInt32), _ words: [UInt32]) -> (
    UInt32, UInt32, UInt32, UInt32
  ) {
    var (a, b, c, d) = state
    for step in 0..<64 {
      var f: UInt32
      let g: Int
      switch step {
      case 0..<16: (f, g) = ((b & c) | (~b & d), step)
      case 16..<32: (f, g) = ((d & b) | (~d & c), (5 * step + 1) % 16)
      case 32..<48: (f, g) = (b ^ c ^ d, (3 * step + 5) % 16)
      default: (f, g) = (c ^ (b | ~d), (7 * step) % 16)
      }
      f = f &+ a &+ constants[step] &+ words[g]
      a = d
      d = c
      c = b
      b = b &+ (f << shifts[step] | f >> (32 - shifts[step]))
    }
    return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
  }

  // Each round's four shifts, four times over (RFC 1321).
  private static let shifts: [UInt32] = [[7, 12, 17, 22], [5, 9, 14, 20], [4, 11, 16, 23], [6, 10, 15, 21]].flatMap {
    round in (0..<4).flatMap { _ in round }
  }

  // K[i] = floor(abs(sin(i + 1)) * 2^32), as RFC 1321 tabulates them.
  private static let constants: [UInt32] = (1...64).map { UInt32(abs(sin(Double($0))) * 4_294_967_296) }
}
