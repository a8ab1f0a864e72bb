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
    var text = lines
    return text.withUTF8 { bytes in
      bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
        var reader = JSONReader(UnsafeBufferPointer(rebasing: line))
        guard let hero = try? Hero(reading: &reader), reader.isAtEnd() else { return nil }
        return hero
      }
    }
  }
}
