import Foundation

/// The starter set of real Marvel characters compiled into the binary, so squad works at once
/// with no keys and no network.
public enum BundledCatalogue {
  /// The bundled heroes, decoded once.
  public static let heroes: [Hero] = decode(jsonLines)

  // A malformed line would be a build-time mistake caught by the catalogue tests; at run time
  // it is skipped rather than taking the whole program down.
  static func decode(_ lines: String) -> [Hero] {
    lines.split(separator: "\n").enumerated().compactMap { index, line in
      guard let record = try? JSONParser.parse(line) else { return nil }
      return try? Hero(record: record, at: "[\(index)]")
    }
  }
}
