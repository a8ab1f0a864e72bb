import Foundation

/// Stores the heroes learnt from the API (`cache/catalogue.json`) and merges them with the
/// bundled set on load.
public struct CatalogueFile: Sendable {
  /// The catalogue file's path.
  public let path: String

  /// A catalogue file at the given path.
  public init(path: String) { self.path = path }

  private struct Stored: Codable {
    var schemaVersion: Int
    var updatedAt: String
    var heroes: [Hero]
  }

  /// The bundled set merged with the stored heroes. A missing file gives the bundled set; an
  /// unreadable or corrupt one is an error, so the caller can report it and carry on.
  public func load() throws(PersistenceError) -> LocalCatalogue {
    guard let data = FileManager.default.contents(atPath: path) else {
      return LocalCatalogue()
    }
    do {
      let stored = try JSONDecoder().decode(Stored.self, from: data)
      var catalogue = LocalCatalogue()
      catalogue.merge(stored.heroes, at: MarvelDate.parse(stored.updatedAt))
      return catalogue
    } catch {
      throw PersistenceError(path: path, reason: .corrupt(detail: DecodingErrorText.describe(error)))
    }
  }

  /// Writes the heroes that did not come from the bundle, atomically.
  public func save(_ catalogue: LocalCatalogue) throws(PersistenceError) {
    let bundled = Dictionary(BundledCatalogue.heroes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let learnt = catalogue.heroesByID.values.filter { bundled[$0.id] != $0 }.sorted { $0.id < $1.id }
    let stored = Stored(
      schemaVersion: 1, updatedAt: MarvelDate.iso8601(catalogue.updatedAt ?? Date()), heroes: learnt)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      try AtomicFile.write(try encoder.encode(stored), to: path)
    } catch let error as PersistenceError {
      throw error
    } catch {
      throw PersistenceError(path: path, reason: .unwritable(detail: "cannot encode the catalogue"))
    }
  }
}
