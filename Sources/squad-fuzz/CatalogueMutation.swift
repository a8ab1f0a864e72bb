import Foundation

/// The ways disks, editors and bad copies damage a catalogue file, one picked at random.
enum CatalogueMutation {
  static let kinds = [
    "bit flip", "zeroed bytes", "inserted bytes", "deleted bytes", "truncation", "appended bytes",
    "swapped index lines", "copied index line", "id digit", "header number", "record key", "description edit",
    "swapped records",
  ]

  /// A damaged copy of `bytes`, and how it was damaged.
  static func damage(_ bytes: [UInt8], _ random: inout SeededGenerator) -> (String, [UInt8]) {
    let kind = random.pick(kinds)
    var out = bytes
    let at = random.below(bytes.count)
    let length = 1 + random.below(16)
    switch kind {
    case "bit flip": out[at] ^= UInt8(1) << UInt8(random.below(8))
    case "zeroed bytes": for index in at..<min(at + length, out.count) { out[index] = 0 }
    case "inserted bytes":
      out.insert(contentsOf: (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
    case "deleted bytes": out.removeSubrange(at..<min(at + length, out.count))
    case "truncation": out.removeSubrange(at...)
    case "appended bytes": out += (0..<length).map { _ in random.pick(Array("0123456789abcdef{}\"\n ".utf8)) }
    case "swapped index lines", "copied index line":
      // Index lines are the fixed-width lines of hex digits.
      let lines = lineRanges(bytes).filter { range in
        range.count == 28 || range.count == 12 || range.count == 44
      }
      guard lines.count > 2 else { break }
      let first = random.pick(lines)
      let second = random.pick(lines.filter { $0.count == first.count && $0 != first })
      out.replaceSubrange(first, with: bytes[second])
      if kind == "swapped index lines" { out.replaceSubrange(second, with: bytes[first]) }
    case "swapped records":
      // Two whole records of one length: every checksum and index offset still holds; only the
      // key order shows it (the attack's finding).
      let records = lineRanges(bytes).filter { bytes[$0].starts(with: Array(#"{"k":""#.utf8)) }
      let lengths = Dictionary(grouping: records, by: \.count).values.filter { $0.count > 1 }
      guard !lengths.isEmpty else { break }
      let group = random.pick(lengths.sorted { $0[0].lowerBound < $1[0].lowerBound })
      let first = random.pick(group)
      let second = random.pick(group.filter { $0 != first })
      out.replaceSubrange(first, with: bytes[second])
      out.replaceSubrange(second, with: bytes[first])
    case "id digit": out = edit(bytes, after: #""id":"#, &random) { digit in (digit - 48 + 1) % 10 + 48 }
    case "header number":
      let digits = (0..<1024).filter { bytes[$0] >= 48 && bytes[$0] <= 57 }
      if let index = digits.isEmpty ? nil : random.pick(digits) { out[index] = (bytes[index] - 48 + 1) % 10 + 48 }
    case "record key": out = replace(bytes, #""name":"#, #""nome":"#, &random)
    default: out = replace(bytes, #""description":""#, #""description":"Fixed by hand. "#, &random)
    }
    return (kind, out)
  }

  static func lineRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      ranges.append(start..<index)
      start = index + 1
    }
    return ranges
  }

  static func occurrences(_ bytes: [UInt8], _ text: String) -> [Int] {
    let needle = Array(text.utf8)
    guard bytes.count >= needle.count else { return [] }
    return (0...(bytes.count - needle.count)).filter { index in
      bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle)
    }
  }

  static func replace(_ bytes: [UInt8], _ old: String, _ new: String, _ random: inout SeededGenerator) -> [UInt8] {
    let found = occurrences(bytes, old)
    guard !found.isEmpty else { return bytes }
    var out = bytes
    let at = random.pick(found)
    out.replaceSubrange(at..<(at + old.utf8.count), with: Array(new.utf8))
    return out
  }

  static func edit(
    _ bytes: [UInt8], after text: String, _ random: inout SeededGenerator, _ change: (UInt8) -> UInt8
  ) -> [UInt8] {
    let found = occurrences(bytes, text)
    guard !found.isEmpty else { return bytes }
    var out = bytes
    var index = random.pick(found) + text.utf8.count
    var digits: [Int] = []
    while index < out.count, out[index] >= 48, out[index] <= 57 {
      digits.append(index)
      index += 1
    }
    if let digit = digits.isEmpty ? nil : random.pick(digits) { out[digit] = change(out[digit]) }
    return out
  }
}
