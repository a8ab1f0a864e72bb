import Foundation
import SquadCore

/// Makes one hostile API body from the corpus of real ones: structural changes when the body is
/// JSON (``JSONMutator``), then byte-level damage: bit flips, truncation, splices, huge numbers,
/// invalid UTF-8, deep nesting.
struct BodyMutator {
  /// The bodies mutations start from (the fixtures of `Fixtures/marvel`).
  let corpus: [[UInt8]]
  var random: SeededGenerator

  /// One body.
  mutating func make() -> [UInt8] {
    var body = random.pick(corpus)
    if random.chance(0.7), let document = JSONValue.parsed(body) {
      var mutator = JSONMutator(random: random, donors: corpus)
      let mutated = mutator.mutate(document)
      body = Array(mutated.encoded().utf8)
      // Indentation costs depth bytes per line, so only shallow documents are indented.
      if random.chance(0.2), Self.nesting(body) < 64 { body = Array(mutated.encoded(pretty: true).utf8) }
      random = mutator.random
    }
    let rounds = random.chance(0.5) ? 0 : 1 + random.below(3)
    for _ in 0..<rounds { damage(&body) }
    // Blown-up arrays of deep nests reach tens of megabytes, which only measure the decoder's
    // speed; cutting them keeps the run inside its time and is one more truncation.
    return body.count > Self.sizeLimit ? Array(body.prefix(Self.sizeLimit)) : body
  }

  /// The largest body served: above a real page (about 100 KB for 100 characters).
  static let sizeLimit = 128 << 10

  private static let hugeNumbers = [
    "1e400", "-1e400", "99999999999999999999999999", "9223372036854775808", "-9223372036854775809",
    "1.7976931348623157e309",
    "4.9e-325", "-0", "0e0", "1E+2", "00012", "1.", ".5", "NaN", "Infinity", "0x1F",
  ]
  private static let hostileBytes: [[UInt8]] = [
    [0xC0, 0x80], [0xFF], [0xFE, 0xFF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x80],
    Array("\\u0000".utf8), Array("\\ud800".utf8), Array("\\udc00\\ud800".utf8), [0x00], [0x1B], Array("\"".utf8),
    Array("\\".utf8), Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8), Array(",".utf8),
    Array(":".utf8),
  ]

  private mutating func damage(_ body: inout [UInt8]) {
    let position = random.below(body.count + 1)
    switch random.below(9) {
    case 0:
      for _ in 0...random.below(8) where !body.isEmpty { body[random.below(body.count)] ^= UInt8(1 << random.below(8)) }
    case 1: body = Array(body.prefix(position))
    case 2:
      let donor = random.pick(corpus)
      body = Array(body.prefix(position)) + Array(donor.suffix(from: random.below(donor.count + 1)))
    case 3: body.insert(contentsOf: random.pick(Self.hostileBytes), at: position)
    case 4: replaceNumber(in: &body)
    case 5:
      let depth = random.pick([64, 600, 5_000, 100_000])
      body.insert(
        contentsOf: [UInt8](repeating: UInt8(ascii: random.chance(0.5) ? "[" : "{"), count: depth), at: position)
    case 6 where !body.isEmpty:
      let end = min(body.count, position + random.below(64))
      body.removeSubrange(position..<end)
    case 7 where position < body.count:
      let end = min(body.count, position + 1 + random.below(256))
      body.insert(contentsOf: body[position..<end], at: end)
    default:
      body = random.chance(0.5) ? [] : Array(random.pick(["null", "[]", "{}", "\"\"", "0", "true", " \n"]).utf8)
    }
  }

  /// How deep brackets nest (brackets inside strings count too, which only errs on the safe side).
  private static func nesting(_ body: [UInt8]) -> Int {
    var depth = 0
    var deepest = 0
    for byte in body {
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
        depth += 1
        deepest = max(deepest, depth)
      } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        depth -= 1
      }
    }
    return deepest
  }

  /// Replaces the digits of one number with a literal no decoder can hold exactly.
  private mutating func replaceNumber(in body: inout [UInt8]) {
    let digits = body.indices.filter { (0x30...0x39).contains(body[$0]) }
    guard !digits.isEmpty else { return }
    var start = random.pick(digits)
    while start > 0, (0x30...0x39).contains(body[start - 1]) { start -= 1 }
    var end = start
    while end < body.count, (0x30...0x39).contains(body[end]) { end += 1 }
    body.replaceSubrange(start..<end, with: Array(random.pick(Self.hugeNumbers).utf8))
  }
}
