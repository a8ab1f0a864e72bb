import Foundation

/// A comic in every shape squad reads (API answer, archive, its own forms), as ``CharacterDTO`` reads.
struct ComicDTO: Decodable {
  var comic: Comic

  private enum Key: String, CodingKey { case id, title, dates, onSale, characters }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let id = try container.wholeNumber(.id)
    let title = try container.decode(String.self, forKey: .title)
    for (key, problem) in [(Key.id, HeroLimits.idProblem(id)), (.title, HeroLimits.nameProblem(title))] {
      if let problem { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem) }
    }
    let onSale: Date?
    if let dates = try container.decodeIfPresent([Dated].self, forKey: .dates) {
      onSale = dates.first { $0.type == "onsaleDate" }?.date.flatMap(MarvelDate.known)
    } else if let seconds = try? container.decodeIfPresent(Int.self, forKey: .onSale) {
      onSale = MarvelDate.seconds(seconds)
    } else {
      onSale = (try? container.decodeIfPresent(String.self, forKey: .onSale)).flatMap(MarvelDate.known)
    }
    let characters = try container.decodeIfPresent(Characters.self, forKey: .characters)?.ids ?? []
    comic = Comic(id: id, title: title, onSale: onSale, characters: characters.map(HeroID.init))
  }

  private struct Dated: Decodable {
    var type: String
    var date: String?
  }

  /// A comic's characters: ids, or `{"items": [...]}` of ids or `{resourceURI, name}` objects.
  private struct Characters: Decodable {
    var ids: [Int]
    private enum Key: String, CodingKey { case items }

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: Key.self) {
        ids = try container.decode([Reference].self, forKey: .items).map(\.id)
      } else {
        ids = try [Reference](from: decoder).map(\.id)
      }
    }
  }

  /// One character of a comic: an id, `{"id": N}`, or `{"resourceURI": ".../characters/N"}`.
  private struct Reference: Decodable {
    var id: Int
    private enum Key: String, CodingKey { case id, resourceURI }

    init(from decoder: any Decoder) throws {
      guard let container = try? decoder.container(keyedBy: Key.self) else {
        id = try WholeNumber(from: decoder).value
        return
      }
      if container.contains(.id) {
        id = try container.wholeNumber(.id)
      } else {
        let uri = try container.decode(String.self, forKey: .resourceURI)
        guard let number = uri.split(separator: "/").last.flatMap(WholeNumber.parse), number > 0 else {
          throw DecodingError.dataCorruptedError(
            forKey: .resourceURI, in: container, debugDescription: "does not end in a character id")
        }
        id = number
      }
      if let problem = HeroLimits.idProblem(id) {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
      }
    }
  }
}
