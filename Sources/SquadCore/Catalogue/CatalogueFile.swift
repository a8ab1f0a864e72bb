import Foundation

/// Stores the heroes learnt from the API (`cache/catalogue.json`) and merges them with the
/// bundled set on load.
public struct CatalogueFile: Sendable {
  /// The catalogue file's path.
  public let path: String

  /// A catalogue file at the given path.
  public init(path: String) { self.path = path }

  /// The bundled set merged with the stored heroes. A missing file gives the bundled set; an
  /// unreadable or corrupt one is an error, so the caller can report it and carry on.
  ///
  /// The file holds the whole merged catalogue and the fingerprint of the bundled set it was
  /// merged with; only when this binary bundles a different set is the merge done again.
  public func load() throws(PersistenceError) -> LocalCatalogue {
    guard let data = try FileBytes.read(path) else { return LocalCatalogue() }
    do {
      let document = try JSONParser.parse(Array(data))
      var heroes: [Hero] = []
      for (index, record) in try document.array("heroes", at: "").enumerated() {
        heroes.append(try Hero(record: record, at: "heroes[\(index)]"))
      }
      let updatedAt = try document.optionalString("updatedAt", at: "").flatMap(MarvelDate.parse)
      let includesBundled = try document.optionalString("bundled", at: "") == BundledCatalogue.fingerprint
      var catalogue = LocalCatalogue(heroes: includesBundled ? [] : BundledCatalogue.heroes)
      catalogue.merge(heroes, at: updatedAt)
      return catalogue
    } catch {
      throw PersistenceError(path: path, reason: .corrupt(detail: String(describing: error)))
    }
  }

  /// Writes the whole catalogue atomically, one hero record per line, first removing what
  /// writers killed mid-save left behind. Call it while holding the catalogue's lock.
  public func save(_ catalogue: LocalCatalogue) throws(PersistenceError) {
    AtomicFile.removeLeftovers(of: path)
    let heroes = catalogue.heroesByID.values.sorted { $0.id < $1.id }
    var text = "{\"schemaVersion\":1,\"bundled\":\"\(BundledCatalogue.fingerprint)\",\"updatedAt\":"
    text += JSONValue.string(MarvelDate.iso8601(catalogue.updatedAt ?? Date())).encoded()
    text += ",\"heroes\":[\n"
    text += heroes.map { $0.record.encoded() }.joined(separator: ",\n")
    text += "\n]}\n"
    try AtomicFile.write(Data(text.utf8), to: path)
  }
}
