/// The one file format of the stored catalogue and the bundled set; docs/CATALOGUE.md ("One file
/// format", "Checked bytes") lays it out. Fixed-width hex indexes make a lookup a bisection; ids are
/// stored with the sign bit flipped so that hex order is numeric order. Formats 3 and 2 read unchecked.
enum CatalogueFormat {
  static let magic = "squad-catalogue 5"
  /// Newest first.
  static let readable = ["squad-catalogue 5", "squad-catalogue 4", "squad-catalogue 3", "squad-catalogue 2"]
  /// How many of ``readable`` (the first) carry checksums.
  static let checkedVersions = 2
  static let blockEntries = 16
  // Bytes, newlines included, of the lines docs/CATALOGUE.md lays out; a line's checksum is a
  // space and 8 hex digits, a check line 8 digits.
  static let checkWidth = 9
  static let headerSize = 1024
  static let idEntryWidth = 29
  static let nameEntryWidth = 13
  static let comicEntryWidth = 45
  static let countEntryWidth = 17

  /// The id as a key whose order is the ids' numeric order.
  static func idKey(_ id: Int) -> UInt64 { UInt64(bitPattern: Int64(id)) ^ (1 << 63) }

  static func appendHex(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
    for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
      let digit = UInt8((value >> UInt64(shift)) & 0xF)
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }

  static func hex(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> UInt64? {
    guard start >= 0, start + count <= bytes.count else { return nil }
    var value: UInt64 = 0
    for index in start..<start + count {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      default: return nil
      }
      value = value << 4 | UInt64(digit)
    }
    return value
  }

  /// Nil when a `checked` line's checksum does not hold.
  static func content(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, checked: Bool) -> Range<Int>? {
    guard checked else { return range }
    let end = range.upperBound - checkWidth
    guard end >= range.lowerBound, bytes[end] == UInt8(ascii: " "),
      hex(bytes, at: end + 1, count: 8) == UInt64(CRC32.checksum(.init(rebasing: bytes[range.lowerBound..<end])))
    else { return nil }
    return range.lowerBound..<end
  }

  static func appendChecked(_ content: [UInt8], to output: inout [UInt8]) {
    output += content
    output.append(UInt8(ascii: " "))
    appendHex(UInt64(content.withUnsafeBufferPointer(CRC32.checksum)), digits: 8, to: &output)
    output.append(UInt8(ascii: "\n"))
  }
}
