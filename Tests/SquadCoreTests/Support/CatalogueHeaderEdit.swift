import Foundation

@testable import SquadCore

/// A catalogue file's header edited as JSON and signed again with its checksum, so that a test
/// reaches the checks behind the header's own (the numbers' agreement with the file).
enum CatalogueHeaderEdit {
  static func edit(_ bytes: [UInt8], _ change: (inout [String: Any]) -> Void) throws -> [UInt8] {
    let magic = CatalogueFormat.magic.utf8.count + 1
    let end = CatalogueFormat.headerSize - CatalogueFormat.checkWidth
    let object = try JSONSerialization.jsonObject(with: Data(bytes[magic..<end]))
    guard var header = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
    change(&header)
    var line = Array(bytes[..<magic]) + Array(try JSONSerialization.data(withJSONObject: header))
    guard line.count <= end else { throw CocoaError(.coderInvalidValue) }
    line += [UInt8](repeating: 0x20, count: end - line.count)
    CatalogueFormat.appendHex(UInt64(line.withUnsafeBufferPointer(CRC32.checksum)), digits: 8, to: &line)
    return line + [0x0A] + Array(bytes[CatalogueFormat.headerSize...])
  }
}
