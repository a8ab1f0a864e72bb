import Foundation

extension Hero {
  /// What squad knows of a hero from their squad membership alone.
  public init(member: Member) {
    self.init(
      id: member.id, name: member.name, description: member.description,
      thumbnail: member.thumbnail.flatMap(Thumbnail.init(url:))
    )
  }
}

/// A member field that breaks the member rule, and how.
public struct MemberProblem: Error, Equatable, Sendable {
  /// The field.
  public var field: MemberField
  /// What is wrong with it.
  public var message: String
}

extension Member: Decodable {
  /// Where a decoder is told the moment of reading, which a member without `recruitedAt` takes.
  static let readingMomentKey = CodingUserInfoKey(rawValue: "squad.readingMoment")

  /// The one rule for a member, wherever it is read: the squad file, its history, a JSON or
  /// JSON Lines export, and a CSV one (whose cells go through ``init(id:name:description:thumbnail:recruitedAt:readAt:)``).
  /// The id is a whole number above 0 (``WholeNumber``); the name is required; every field keeps
  /// ``HeroLimits``. A missing or empty `recruitedAt` means the moment of reading (the decoder's
  /// ``readingMomentKey``, else now), and an empty thumbnail means none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: MemberField.self)
    let moment = Self.readingMomentKey.flatMap { decoder.userInfo[$0] as? Date } ?? Date()
    let id = try container.wholeNumberIfPresent(.id)
    let texts = try [MemberField.name, .description, .thumbnail, .recruitedAt].map {
      try container.decodeIfPresent(String.self, forKey: $0)
    }
    do throws(MemberProblem) {
      try self.init(
        id: id, name: texts[0], description: texts[1], thumbnail: texts[2], recruitedAt: texts[3], readAt: moment)
    } catch {
      throw DecodingError.dataCorruptedError(forKey: error.field, in: container, debugDescription: error.message)
    }
  }

  /// A member from the text of its fields, under the one member rule (``init(from:)``).
  init(
    id: Int?, name: String?, description: String?, thumbnail: String?, recruitedAt: String?, readAt: Date
  ) throws(MemberProblem) {
    func check(_ field: MemberField, _ problem: String?) throws(MemberProblem) {
      if let problem { throw MemberProblem(field: field, message: problem) }
    }
    guard let id else {
      throw MemberProblem(field: .id, message: "missing; every member needs its Marvel character id")
    }
    try check(.id, HeroLimits.idProblem(id))
    guard let name else { throw MemberProblem(field: .name, message: "missing; every member needs a name") }
    try check(.name, HeroLimits.nameProblem(name))
    try check(.description, description.flatMap(HeroLimits.descriptionProblem))
    try check(.thumbnail, thumbnail.flatMap(HeroLimits.urlProblem))
    var date = readAt
    if let text = recruitedAt?.trimmingWhitespace(), !text.isEmpty {
      guard let parsed = MarvelDate.parse(text) else {
        throw MemberProblem(
          field: .recruitedAt,
          message: "'\(TextSnippet.quote(text))' is not an ISO 8601 date such as 2026-11-22T07:55:00Z")
      }
      date = parsed
    }
    self.init(
      id: HeroID(id), name: name, description: description ?? "",
      thumbnail: thumbnail?.isEmpty == false ? thumbnail : nil,
      recruitedAt: date)
  }
}

extension Squad: Decodable {
  private enum Key: String, CodingKey { case schemaVersion, maxMembers, members }

  /// Reads a squad document: `{"schemaVersion": 1, "members": [...]}`, each member by the one
  /// member rule, each id once. Throws ``SquadSchemaError`` for another schema version.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let version = try container.wholeNumber(.schemaVersion)
    guard version == Squad.currentSchemaVersion else { throw SquadSchemaError(version: version) }
    let members = try container.decode([Member].self, forKey: .members)
    var seen = Set<HeroID>()
    for member in members where !seen.insert(member.id).inserted {
      throw DecodingError.dataCorruptedError(
        forKey: .members, in: container, debugDescription: "the id \(member.id) appears twice")
    }
    self.init(distinctMembers: members)
    if let limit = try container.wholeNumberIfPresent(.maxMembers) {
      guard (1...Squad.largestLimit).contains(limit) else {
        throw DecodingError.dataCorruptedError(
          forKey: .maxMembers, in: container, debugDescription: "expected a number from 1 to \(Squad.largestLimit)")
      }
      maxMembers = limit
    }
  }
}
