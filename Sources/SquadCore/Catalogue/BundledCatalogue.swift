import Foundation

/// The starter set of real Marvel characters compiled into the binary, so squad works at once
/// with no keys and no network.
public enum BundledCatalogue {
  /// The bundled heroes, decoded once.
  public static let heroes: [Hero] = decode(jsonLines)

  // `fingerprint` (FNV-1a of the text, written by the generator with the data) lets a stored
  // catalogue say which bundled set it already includes, sparing the next start-up decoding it.

  // A malformed line would be a build-time mistake caught by the catalogue tests; at run time
  // it is skipped rather than taking the whole program down.
  static func decode(_ lines: String) -> [Hero] {
    let source = SharedBytes(Array(lines.utf8))
    return source.withBytes { bytes in
      var heroes: [Hero] = []
      var lineStart = 0
      while lineStart < bytes.count {
        let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        var reader = JSONReader(bytes, range: lineStart..<lineEnd)
        if !reader.isAtEnd(), let hero = try? Hero(reading: &reader, source: source), reader.isAtEnd() {
          heroes.append(hero)
        }
        lineStart = lineEnd + 1
      }
      return heroes
    }
  }
}
