@testable import SquadCore

/// A Marvel client answering from closures, recording what it was asked.
final class StubMarvelClient: MarvelClient {
  typealias Answer<Item: Hashable & Sendable> = Result<MarvelPage<Item>, MarvelError>

  private let asked = Mutex<[String]>([])
  private let sent = Mutex(0)
  private let onCharacters: @Sendable (CharacterFilter, CacheFreshness) -> Answer<Hero>
  private let onCharacter: @Sendable (HeroID) -> Answer<Hero>
  private let onComics: @Sendable (HeroID, ComicOrder, Int, Int) -> Answer<Comic>

  init(
    characters: @escaping @Sendable (CharacterFilter, CacheFreshness) -> Answer<Hero> = { _, _ in
      .failure(StubMarvelClient.unused)
    },
    character: @escaping @Sendable (HeroID) -> Answer<Hero> = { _ in .failure(StubMarvelClient.unused) },
    comics: @escaping @Sendable (HeroID, ComicOrder, Int, Int) -> Answer<Comic> = { _, _, _, _ in
      .failure(StubMarvelClient.unused)
    }
  ) {
    onCharacters = characters
    onCharacter = character
    onComics = comics
  }

  /// The error of an endpoint a test did not expect to be called.
  static let unused = MarvelError.rejected(status: 418, message: "not stubbed", url: "stub")

  /// One line per call, e.g. `characters offset=100 revalidate`.
  var calls: [String] { asked.withLock { $0 } }

  /// The requests of every page answered so far, as a live client counts what it sent.
  var requestsSent: Int { sent.withLock { $0 } }

  func characters(_ filter: CharacterFilter, freshness: CacheFreshness) async -> Answer<Hero> {
    asked.withLock { $0.append("characters offset=\(filter.offset ?? 0) \(freshness)") }
    return counted(onCharacters(filter, freshness))
  }

  func character(_ id: HeroID) async -> Answer<Hero> {
    asked.withLock { $0.append("character \(id)") }
    return counted(onCharacter(id))
  }

  func comics(of id: HeroID, order: ComicOrder, limit: Int, offset: Int) async -> Answer<Comic> {
    asked.withLock { $0.append("comics \(id) \(order.rawValue) limit=\(limit)") }
    return counted(onComics(id, order, limit, offset))
  }

  private func counted<Item>(_ answer: Answer<Item>) -> Answer<Item> {
    if case .success(let page) = answer { sent.withLock { $0 += page.requests } }
    return answer
  }
}
