/// The one rule for a UTF-8 byte-order mark: one at the very start is skipped; anywhere else it is content.
enum ByteOrderMark {
  static func stripped(_ bytes: [UInt8]) -> [UInt8] {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
  }
}
