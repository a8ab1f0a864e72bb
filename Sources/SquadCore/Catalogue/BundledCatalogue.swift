import Foundation

/// The starter set of real Marvel characters compiled into the binary, so squad works at once
/// with no keys and no network.
public enum BundledCatalogue {
  /// The bundled heroes, decoded once.
  public static let heroes: [Hero] = decode(jsonLines)

  // A malformed line would be a build-time mistake caught by the catalogue tests; at run time
  // the bundled set is then empty rather than taking the whole program down.
  static func decode(_ lines: String) -> [Hero] {
    let array = "[" + lines.split(separator: "\n").joined(separator: ",") + "]"
    return (try? JSONDecoder().decode([Hero].self, from: Data(array.utf8))) ?? []
  }
}
