import Foundation

/// A hero in the squad, with what squad remembers of them and when they joined.
public struct Member: Hashable, Sendable, Identifiable {
  /// The Marvel character id; unique within a squad.
  public var id: HeroID
  /// The name at recruitment.
  public var name: String
  /// The description at recruitment.
  public var description: String
  /// The full-size picture URL, or nil when there is none.
  public var thumbnail: String?
  /// When the hero joined the squad.
  public var recruitedAt: Date

  /// Creates a member record.
  public init(id: HeroID, name: String, description: String, thumbnail: String?, recruitedAt: Date) {
    self.id = id
    self.name = name
    self.description = description
    self.thumbnail = thumbnail
    self.recruitedAt = recruitedAt
  }

  /// A member made from a hero recruited at the given moment.
  public init(hero: Hero, recruitedAt: Date) {
    self.init(
      id: hero.id, name: hero.name, description: hero.description,
      thumbnail: hero.thumbnail.flatMap { $0.isPlaceholder ? nil : $0.url() }, recruitedAt: recruitedAt)
  }
}

extension Member: Codable {
  private enum CodingKeys: String, CodingKey { case id, name, description, thumbnail, recruitedAt }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(HeroID.self, forKey: .id)
    name = try container.decode(String.self, forKey: .name)
    description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
    thumbnail = try container.decodeIfPresent(String.self, forKey: .thumbnail)
    let text = try container.decode(String.self, forKey: .recruitedAt)
    guard let date = MarvelDate.parse(text) else {
      throw DecodingError.dataCorruptedError(
        forKey: .recruitedAt, in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
    }
    recruitedAt = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(name, forKey: .name)
    try container.encode(description, forKey: .description)
    try container.encode(thumbnail, forKey: .thumbnail)
    try container.encode(MarvelDate.iso8601(recruitedAt), forKey: .recruitedAt)
  }
}
