/// The one file format of the local catalogue, shared by the stored catalogue
/// (`catalogue.sqc` in the data folder) and the bundled set compiled into the binary.
///
/// Plain text, so it can be embedded as a string literal and read with `less`:
///
/// ```text
/// squad-catalogue 5\n                                   magic and version
/// {"count":…,"records":[start,end],…}<spaces>\n         header: JSON padded to 1,024 bytes
/// {"k":"3-d man","src":"b","id":1011334,…}\n            records, one per line, in name-key order
/// 00000000000f6b86000000000400\n                        id index: id (16 hex) + record offset (12 hex)
/// 000000000400\n                                        name index: record offsets in name order
/// {"characters":[…],"id":…,"onSale":…,"src":…,…}\n     comics, one per line
/// 00000000000f6b86 7fffffffa1b2c3d4 000000123400\n      comic index: character, newest first
/// 0000000000001184\n                                    counts: each count's known values, ascending
/// ```
///
/// Index entries are fixed width, so entry `i` is at `start + i × width` and a lookup is a
/// bisection over a memory-mapped file: a command that needs one hero reads ~17 entries and
/// one record whatever the size. Offsets are absolute. Ids are stored with the sign bit
/// flipped so that hexadecimal order is numeric order for negative ids too. Dates (a record's
/// `modified`, a comic's `onSale`, the header's `updatedAt`) are whole seconds since 1970.
///
/// Format 4 adds checksums (``CRC32``) to format 3: each record and comic line ends
/// with a space and the CRC-32 of the line before it, each block of 16 index entries has its
/// CRC-32 in a last section (`checks`), the header line ends with its own, and the sections tile
/// the file exactly. Format 5 (this release) adds the counts section: for comics, series, stories
/// and events in turn, every known value of the catalogue's heroes in ascending order, so a hero's
/// rank is two bisections rather than a read of every record. Format 4 has no counts section;
/// formats 3 and 2 (whose dates were text) read as they are, unchecked (the bundled set is
/// format 3 with a counts section).
enum CatalogueFormat {
  /// The first bytes of every catalogue file this release writes.
  static let magic = "squad-catalogue 5"
  /// The first bytes of every catalogue file this release reads, newest first.
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

  /// The id as 16 hex digits whose order is the ids' numeric order.
  static func idKey(_ id: Int) -> UInt64 { UInt64(bitPattern: Int64(id)) ^ (1 << 63) }

  /// Appends `value` as exactly `digits` lower-case hex digits.
  static func appendHex(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
    for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
      let digit = UInt8((value >> UInt64(shift)) & 0xF)
      output.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
    }
  }

  /// The value of `count` hex digits at `start`; nil when one is not a hex digit.
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

  /// Appends `content`, a space, its checksum and a newline: a checked line.
  static func appendChecked(_ content: [UInt8], to output: inout [UInt8]) {
    output += content
    output.append(UInt8(ascii: " "))
    appendHex(UInt64(content.withUnsafeBufferPointer(CRC32.checksum)), digits: 8, to: &output)
    output.append(UInt8(ascii: "\n"))
  }
}
