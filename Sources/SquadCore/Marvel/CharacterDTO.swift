import Foundation

/// A character as the API sends it; only what squad keeps is decoded, and optional parts are
/// read leniently so one odd field does not lose a whole page. A record that breaks
/// ``HeroLimits`` (an id of 0, a blank name, a 12 MiB description) makes the answer invalid:
/// squad keeps nothing it could not write to its own files and read back.
struct CharacterDTO: Decodable {
  var id: Int
  var name: String
  var description: String?
  var modified: String?
  var thumbnail: ImageDTO?
  var comics: CollectionDTO?
  var series: CollectionDTO?
  var stories: CollectionDTO?
  var events: CollectionDTO?
  var urls: [LinkDTO]?

  private enum CodingKeys: String, CodingKey {
    case id, name, description, modified, thumbnail, comics, series, stories, events, urls
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.wholeNumber(.id)
    name = try container.decode(String.self, forKey: .name)
    description = try? container.decodeIfPresent(String.self, forKey: .description)
    modified = try? container.decodeIfPresent(String.self, forKey: .modified)
    thumbnail = try? container.decodeIfPresent(ImageDTO.self, forKey: .thumbnail)
    comics = try? container.decodeIfPresent(CollectionDTO.self, forKey: .comics)
    series = try? container.decodeIfPresent(CollectionDTO.self, forKey: .series)
    stories = try? container.decodeIfPresent(CollectionDTO.self, forKey: .stories)
    events = try? container.decodeIfPresent(CollectionDTO.self, forKey: .events)
    urls = try? container.decodeIfPresent([LinkDTO].self, forKey: .urls)
    func check(_ key: CodingKeys, _ problem: String?) throws {
      if let problem { throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem) }
    }
    try check(.id, HeroLimits.idProblem(id))
    try check(.name, HeroLimits.nameProblem(name))
    try check(.description, description.flatMap(HeroLimits.descriptionProblem))
    try check(.thumbnail, thumbnail.flatMap { HeroLimits.urlProblem($0.path + "." + $0.extension) })
    try check(.urls, urls.flatMap { HeroLimits.linksProblem(count: $0.count) })
    try check(.urls, urls?.lazy.compactMap { HeroLimits.urlProblem($0.url) }.first)
  }

  /// The hero squad keeps: unknown dates and the placeholder picture become nil.
  var hero: Hero {
    Hero(
      id: HeroID(id), name: name, description: description ?? "", modified: Self.knownDate(modified),
      thumbnail: thumbnail.flatMap { $0.isPlaceholder ? nil : Thumbnail(path: $0.path, extension: $0.extension) },
      counts: HeroCounts(
        comics: comics?.count, series: series?.count, stories: stories?.count, events: events?.count),
      urls: (urls ?? []).map { HeroLink(type: $0.type, url: $0.url) })
  }

  /// A date, or nil when missing, malformed or Marvel's "unknown" (`1969-12-31T19:00:00-0500`).
  static func knownDate(_ text: String?) -> Date? {
    guard let date = text.flatMap(MarvelDate.parse), date != MarvelDate.unknownMarker else { return nil }
    return date
  }
}

/// `{path, extension}`.
struct ImageDTO: Decodable {
  var path: String
  var `extension`: String

  /// Marvel's "no picture" image.
  var isPlaceholder: Bool { path.hasSuffix("image_not_available") }
}

/// A related collection; only its `available` count matters (its items stop at 20).
struct CollectionDTO: Decodable {
  var available: Int?

  /// The count squad keeps: unknown (nil) when it breaks the record rule (``HeroLimits``), as a
  /// collection that does not decode is, so a hero the API sends is never one the catalogue skips.
  var count: Int? { available.flatMap { HeroLimits.countProblem($0) == nil ? $0 : nil } }
}

/// `{type, url}`.
struct LinkDTO: Decodable {
  var type: String
  var url: String
}
