import Foundation

// The catalogue record form: flat, with unknown values omitted (see BundledCatalogue+Data.swift).
extension Hero: Codable {
  private enum CodingKeys: String, CodingKey {
    case id, name, description, modified, thumbnail, comics, series, stories, events, urls
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(HeroID.self, forKey: .id)
    let name = try container.decode(String.self, forKey: .name)
    let description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    var modified: Date?
    if let text = try container.decodeIfPresent(String.self, forKey: .modified) {
      guard let date = MarvelDate.parse(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: .modified, in: container, debugDescription: "'\(text)' is not a date")
      }
      modified = date
    }
    self.init(
      id: id, name: name, description: description, modified: modified,
      thumbnail: try container.decodeIfPresent(Thumbnail.self, forKey: .thumbnail),
      counts: HeroCounts(
        comics: try container.decodeIfPresent(Int.self, forKey: .comics),
        series: try container.decodeIfPresent(Int.self, forKey: .series),
        stories: try container.decodeIfPresent(Int.self, forKey: .stories),
        events: try container.decodeIfPresent(Int.self, forKey: .events)),
      urls: try container.decodeIfPresent([HeroLink].self, forKey: .urls) ?? [])
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encodeIfPresent(modified.map(MarvelDate.format), forKey: .modified)
    try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
    try container.encodeIfPresent(counts.comics, forKey: .comics)
    try container.encodeIfPresent(counts.series, forKey: .series)
    try container.encodeIfPresent(counts.stories, forKey: .stories)
    try container.encodeIfPresent(counts.events, forKey: .events)
    if !urls.isEmpty { try container.encode(urls, forKey: .urls) }
  }
}
