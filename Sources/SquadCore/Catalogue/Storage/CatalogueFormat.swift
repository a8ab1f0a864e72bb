/// The one file format of the local catalogue, shared by the stored catalogue (`catalogue.sqc`)
/// and the bundled set compiled into the binary; docs/CATALOGUE.md ("One file format", "Checked
/// bytes") lays it out. Plain text: a magic line, a JSON header padded to 1,024 bytes, records in
/// name-key order, then fixed-width hex indexes (entry `i` at `start + i × width`, so a lookup is
/// a bisection), comics, their index and the counts section. Offsets are absolute; ids are stored
/// with the sign bit flipped so that hex order is numeric order; dates are seconds since 1970.
/// Format 4 adds checksums (``CRC32``) to format 3, format 5 the counts section; formats 3 and 2
/// (whose dates were text) read as they are, unchecked (the bundled set is format 3 with counts).
enum CatalogueFormat {
  static let magic = "squad-catalogue 5"
  /// Newest first.
  static let readable = ["squad-catalogue 5", "squad-catalogue 4", "squad-catalogue 3", "squad-catalogue 2"]
  /// How many of ``readable`` (the first) carry checksums.
  static let checkedVersions = 2
  /// Index entries under one checksum.
  static let blockEntries = 16
  /// A line's checksum: a space and 8 hex digits (before its newline); a check line: 8 and a newline.
  static let checkWidth = 9
  /// Bytes before the records: the magic line (18 bytes) and the padded header line.
  static let headerSize = 1024
  /// One id index entry: 16 hex digits of id, 12 of offset, a newline.
  static let idEntryWidth = 29
  /// One name index entry: 12 hex digits of offset, a newline.
  static let nameEntryWidth = 13
  /// One comic index entry: character (16), inverted on-sale seconds (16), offset (12), newline.
  static let comicEntryWidth = 45
  /// One counts entry: a count (16 hex), a newline.
  static let countEntryWidth = 17

  /// The id as a key whose order is the ids' numeric order.
  static func idKey(_ id: Int) -> UInt64 { UInt64(bitPattern: Int64(id)) ^ (1 << 63) }

  static func appendHex(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
    for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
      let digit = UInt8((value >> UInt64(shift)) & 0xF)
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }

  /// Nil when one of the `count` bytes at `start` is not a lower-case hex digit.
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

  /// The content of the line at `range` (newline excluded): in a `checked` file, what comes
  /// before its checksum, and nil when the checksum does not hold.
  static func content(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, checked: Bool) -> Range<Int>? {
    guard checked else { return range }
    let end = range.upperBound - checkWidth
    guard end >= range.lowerBound, bytes[end] == UInt8(ascii: " "),
      hex(bytes, at: end + 1, count: 8) == UInt64(CRC32.checksum(.init(rebasing: bytes[range.lowerBound..<end])))
    else { return nil }
    return range.lowerBound..<end
  }

  /// Appends `content`, a space, its checksum and a newline.
  static func appendChecked(_ content: [UInt8], to output: inout [UInt8]) {
    output += content
    output.append(UInt8(ascii: " "))
    appendHex(UInt64(content.withUnsafeBufferPointer(CRC32.checksum)), digits: 8, to: &output)
    output.append(UInt8(ascii: "\n"))
  }
}
