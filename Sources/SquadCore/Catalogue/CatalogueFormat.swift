/// The one file format of the local catalogue, shared by the stored catalogue
/// (`catalogue.sqc` in the data folder) and the bundled set compiled into the binary.
///
/// Plain text, so it can be embedded as a string literal and read with `less`:
///
/// ```text
/// squad-catalogue 3\n                                   magic and version
/// {"count":…,"records":[start,end],…}<spaces>\n         header: JSON padded to 1,024 bytes
/// {"k":"3-d man","src":"b","id":1011334,…}\n            records, one per line, in name-key order
/// 00000000000f6b86000000000400\n                        id index: id (16 hex) + record offset (12 hex)
/// 000000000400\n                                        name index: record offsets in name order
/// {"characters":[…],"id":…,"onSale":…,"src":…,…}\n     comics, one per line
/// 00000000000f6b86 7fffffffa1b2c3d4 000000123400\n      comic index: character, newest first
/// ```
///
/// Index entries are fixed width, so entry `i` is at `start + i × width` and a lookup is a
/// bisection over a memory-mapped file: a command that needs one hero reads ~17 entries and
/// one record whatever the size. Offsets are absolute. Ids are stored with the sign bit
/// flipped so that hexadecimal order is numeric order for negative ids too. Dates (a record's
/// `modified`, a comic's `onSale`, the header's `updatedAt`) are whole seconds since 1970.
///
/// Format 3 (this release) differs from format 2 (the previous one) only in its dates, which
/// format 2 wrote as text; a format-2 file, and its records copied forward into a format-3 one,
/// read as they are.
enum CatalogueFormat {
  /// The first bytes of every catalogue file this release writes.
  static let magic = "squad-catalogue 3"
  /// The first bytes of every catalogue file this release reads.
  static let readable = ["squad-catalogue 3", "squad-catalogue 2"]
  /// Bytes before the records: the magic line (18 bytes) and the padded header line.
  static let headerSize = 1024
  /// One id index entry: 16 hex digits of id, 12 of offset, a newline.
  static let idEntryWidth = 29
  /// One name index entry: 12 hex digits of offset, a newline.
  static let nameEntryWidth = 13
  /// One comic index entry: character (16), inverted on-sale seconds (16), offset (12), newline.
  static let comicEntryWidth = 45

  /// The id as 16 hex digits whose order is the ids' numeric order.
  static func idKey(_ id: Int) -> UInt64 { UInt64(bitPattern: Int64(id)) ^ (1 << 63) }

  /// Appends `value` as exactly `digits` lower-case hex digits.
  static func appendHex(_ value: UInt64, digits: Int, to output: inout [UInt8]) {
    let alphabet: [UInt8] = Array("0123456789abcdef".utf8)
    for shift in stride(from: (digits - 1) * 4, through: 0, by: -4) {
      output.append(alphabet[Int((value >> UInt64(shift)) & 0xF)])
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
}
