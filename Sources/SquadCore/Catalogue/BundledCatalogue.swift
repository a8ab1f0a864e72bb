import Foundation

/// The starter set of real Marvel characters compiled into the binary, so squad works at once
/// with no keys and no network.
public enum BundledCatalogue {
  /// The bundled heroes, decoded once.
  public static let heroes: [Hero] = decode(jsonLines)

  /// A fingerprint of the bundled set (FNV-1a of its text), so a stored catalogue can say which
  /// bundled set it already includes and spare the next start-up decoding it again.
  public static let fingerprint: String = {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in jsonLines.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return String(hash, radix: 16)
  }()

  // A malformed line would be a build-time mistake caught by the catalogue tests; at run time
  // it is skipped rather than taking the whole program down.
  static func decode(_ lines: String) -> [Hero] {
    lines.split(separator: "\n").enumerated().compactMap { index, line in
      guard let record = try? JSONParser.parse(line) else { return nil }
      return try? Hero(record: record, at: "[\(index)]")
    }
  }
}
