import Foundation

/// The catalogue file of squad releases before the indexed format (`cache/catalogue.json`:
/// `{"schemaVersion":1,"bundled":…,"updatedAt":…,"heroes":[…]}`), read once to migrate it. Its
/// records are Marvel-shaped, so they are read by the one character rule (``CharacterDTO``).
struct LegacyCatalogueFile: Sendable {
  let path: String

  /// The stored heroes and when they were stored; nil when there is no file. A file that cannot
  /// be read or parsed is an error, so the caller can say so and keep it. Records squad could
  /// not keep (``HeroLimits``) are left out, and `skipped` says why for each.
  func load() throws(PersistenceError) -> (heroes: [Hero], updatedAt: Date?, skipped: [String])? {
    // The old releases' folder: a file of the same name (a person's `cache` in the squad home)
    // holds no old catalogue, and is no reason for a warning.
    if FileKind.isPresentAndNotAFolder(AtomicFile.folderAndName(of: path).folder) { return nil }
    guard let source = try SharedBytes.mapping(path) else { return nil }
    let bytes = source.withBytes { Array($0) }
    do {
      let contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
      // JSON without the old catalogue's list of heroes is some other file: neither migrated
      // (which would remove it) nor warned about.
      guard let records = contents.heroes else { return nil }
      return (records.compactMap(\.hero), contents.updatedAt.flatMap(MarvelDate.parse), records.compactMap(\.problem))
    } catch {
      throw PersistenceError(path: path, reason: .corrupt(detail: DecodingErrorText.describe(error, in: bytes)))
    }
  }

  private struct Contents: Decodable {
    var updatedAt: String?
    var heroes: [Record]?
  }

  private struct Record: Decodable {
    var hero: Hero?
    var problem: String?

    init(from decoder: any Decoder) throws {
      do {
        hero = try CharacterDTO(from: decoder).hero
      } catch {
        problem = DecodingErrorText.describe(error)
      }
    }
  }
}
