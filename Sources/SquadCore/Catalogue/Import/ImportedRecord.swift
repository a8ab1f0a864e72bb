import Foundation

/// A character (it has a `name`) or a comic (a `title`), read by the API answers' rules.
enum ImportedRecord: Equatable, Sendable, Decodable {
  case hero(Hero)
  case comic(Comic)

  private enum Key: String, CodingKey { case name, title }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    if container.contains(.name) {
      self = .hero(try CharacterDTO(from: decoder).hero)
    } else if container.contains(.title) {
      self = .comic(try ComicDTO(from: decoder).comic)
    } else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "neither a character (no name) nor a comic (no title)"))
    }
  }
}
