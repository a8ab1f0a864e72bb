import Foundation

/// Read by one rule wherever it comes from (``ComicDTO``); written with dates as seconds since 1970.
struct Comic: Hashable, Sendable, Codable {
  var id: Int
  var title: String
  var onSale: Date?
  var characters: [HeroID]
}

extension Comic {
  private enum Key: String, CodingKey { case id, src, title, onSale, characters }

  init(from decoder: any Decoder) throws { self = try ComicDTO(from: decoder).comic }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(id, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(onSale, forKey: .onSale)
    try container.encode(characters.map(\.rawValue), forKey: .characters)
  }

  struct Line: Codable {
    var comic: Comic
    var origin: HeroOrigin

    init(_ comic: Comic, origin: HeroOrigin) {
      self.comic = comic
      self.origin = origin
    }

    init(from decoder: any Decoder) throws {
      comic = try Comic(from: decoder)
      let source = try decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: .src)
      origin = source.flatMap(HeroOrigin.init(rawValue:)) ?? .api
    }

    func encode(to encoder: any Encoder) throws {
      try comic.encode(to: encoder)
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(origin.rawValue, forKey: .src)
    }

    var bytes: [UInt8] { CompactJSON.encode(self) }
  }
}
