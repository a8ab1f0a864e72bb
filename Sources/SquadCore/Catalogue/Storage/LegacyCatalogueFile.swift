import Foundation

/// `cache/catalogue.json` of releases before the indexed format, read once to migrate it.
struct LegacyCatalogueFile: Sendable {
  let path: String

  /// A file that cannot be read or parsed is an error, so the caller can say so and keep it.
  func load() throws(PersistenceError) -> (heroes: [Hero], updatedAt: Date?, skipped: [String])? {
    // A file named like the old releases' folder holds no old catalogue, and is no reason to warn.
    if FileKind.isPresentAndNotAFolder(AtomicFile.folderAndName(of: path).folder) { return nil }
    guard let source = try SharedBytes.mapping(path) else { return nil }
    let bytes = source.withBytes { Array($0) }
    do {
      let contents = try JSONDecoder().decode(Contents.self, from: Data(bytes))
      // JSON without a list of heroes is some other file: neither migrated (removed) nor warned about.
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
