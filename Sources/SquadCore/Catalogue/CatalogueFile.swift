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
  public func load() throws(PersistenceError) -> LocalCatalogue {
    guard let data = FileManager.default.contents(atPath: path) else {
      return LocalCatalogue()
    }
    do {
      let document = try JSONParser.parse(Array(data))
      var heroes: [Hero] = []
      for (index, record) in try document.array("heroes", at: "").enumerated() {
        heroes.append(try Hero(record: record, at: "heroes[\(index)]"))
      }
      var catalogue = LocalCatalogue()
      catalogue.merge(heroes, at: try document.optionalString("updatedAt", at: "").flatMap(MarvelDate.parse))
      return catalogue
    } catch {
      throw PersistenceError(path: path, reason: .corrupt(detail: String(describing: error)))
    }
  }

  /// Writes the heroes that did not come from the bundle, atomically, one record per line.
  public func save(_ catalogue: LocalCatalogue) throws(PersistenceError) {
    let bundled = Dictionary(BundledCatalogue.heroes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let learnt = catalogue.heroesByID.values.filter { bundled[$0.id] != $0 }.sorted { $0.id < $1.id }
    var text = "{\"schemaVersion\":1,\"updatedAt\":"
    text += JSONValue.string(MarvelDate.iso8601(catalogue.updatedAt ?? Date())).encoded()
    text += ",\"heroes\":[\n"
    text += learnt.map { $0.record.encoded() }.joined(separator: ",\n")
    text += "\n]}\n"
    try AtomicFile.write(Data(text.utf8), to: path)
  }
}
