/// CRC-32 (IEEE 802.3, the checksum of zip, gzip and PNG): what a format-4 catalogue keeps for
/// every record, comic, index block and its header.
enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { byte in
    (0..<8).reduce(UInt32(byte)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }

  /// The checksum of `bytes`.
  static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    table.withUnsafeBufferPointer { table in
      ~bytes.reduce(UInt32.max) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
  }
}
