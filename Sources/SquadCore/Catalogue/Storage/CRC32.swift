/// CRC-32 (IEEE 802.3, the checksum of zip, gzip and PNG): what a catalogue of format 4 or 5 keeps for
/// every record, comic, index block and its header.
enum CRC32 {
  // Eight tables, the classic byte table first and each next one a byte further on, so the loop
  // takes eight bytes a step rather than one ("slicing-by-8", as zlib does).
  private static let tables: [UInt32] = {
    let byte: [UInt32] = (0..<256).map { value in
      (0..<8).reduce(UInt32(value)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }
    var tables = byte
    for slice in 1..<8 {
      for value in 0..<256 {
        let previous = tables[(slice - 1) * 256 + value]
        tables.append(byte[Int(previous & 0xFF)] ^ (previous >> 8))
      }
    }
    return tables
  }()

  static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    tables.withUnsafeBufferPointer { table in
      func word(_ start: Int) -> UInt32 {
        UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16
          | UInt32(bytes[start + 3]) << 24
      }
      func entry(_ slice: Int, _ value: UInt32) -> UInt32 { table[slice * 256 + Int(value & 0xFF)] }
      var crc = UInt32.max
      var index = 0
      while index + 8 <= bytes.count {
        let low = crc ^ word(index)
        let high = word(index + 4)
        crc =
          entry(7, low) ^ entry(6, low >> 8) ^ entry(5, low >> 16) ^ entry(4, low >> 24)
          ^ entry(3, high) ^ entry(2, high >> 8) ^ entry(1, high >> 16) ^ entry(0, high >> 24)
        index += 8
      }
      while index < bytes.count {
        crc = entry(0, crc ^ UInt32(bytes[index])) ^ (crc >> 8)
        index += 1
      }
      return ~crc
    }
  }
}
