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
  /// Keys of the member's object in the squad file that squad does not know, in their order.
  public var unknownFields: [UnknownField] = []

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
      thumbnail: hero.thumbnail?.url(), recruitedAt: recruitedAt)
  }
}
