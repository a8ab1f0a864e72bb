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

extension Member {
  /// Reads a member object of the squad file (or a JSON export). `path` (`members[3]`) is only
  /// worked out when there is an error to report.
  public init(record: JSONValue, at path: @autoclosure () -> String) throws(JSONShapeError) {
    do {
      try self.init(record: record)
    } catch {
      throw JSONShapeError(path: error.path.isEmpty ? path() : path() + "." + error.path, problem: error.problem)
    }
  }

  private init(record: JSONValue) throws(JSONShapeError) {
    guard case .object = record else { throw JSONShapeError(path: "", problem: "expected an object") }
    let number = try record.int("id", at: "")
    try Self.check("id", HeroLimits.idProblem(number))
    let name = try record.string("name", at: "")
    try Self.check("name", HeroLimits.nameProblem(name))
    let text = try record.string("recruitedAt", at: "")
    guard let date = MarvelDate.parse(text) else {
      throw JSONShapeError(path: "recruitedAt", problem: "'\(text)' is not an ISO 8601 date")
    }
    let description = try record.optionalString("description", at: "") ?? ""
    try Self.check("description", HeroLimits.descriptionProblem(description))
    let thumbnail = try record.optionalString("thumbnail", at: "")
    try Self.check("thumbnail", thumbnail.flatMap(HeroLimits.urlProblem))
    self.init(id: HeroID(number), name: name, description: description, thumbnail: thumbnail, recruitedAt: date)
  }

  private static func check(_ field: String, _ problem: String?) throws(JSONShapeError) {
    if let problem { throw JSONShapeError(path: field, problem: problem) }
  }
}

extension Squad {
  /// Reads a squad document: `{"schemaVersion": 1, "members": [...]}`.
  ///
  /// Throws ``SquadSchemaError`` for another schema version, ``JSONShapeError`` for anything else.
  public init(document: JSONValue) throws {
    guard case .object = document else {
      throw JSONShapeError(path: "", problem: "expected an object with schemaVersion and members")
    }
    let version = try document.int("schemaVersion", at: "")
    guard version == Squad.currentSchemaVersion else { throw SquadSchemaError(version: version) }
    guard let items = document["members"]?.arrayValue else {
      throw JSONShapeError(path: "members", problem: document["members"] == nil ? "missing" : "expected an array")
    }
    var members: [Member] = []
    var seen = Set<HeroID>()
    for (index, item) in items.enumerated() {
      let member = try Member(record: item, at: "members[\(index)]")
      guard seen.insert(member.id).inserted else {
        throw JSONShapeError(path: "members[\(index)].id", problem: "the id \(member.id) appears twice")
      }
      members.append(member)
    }
    self.init(members: members)
    if let limit = try document.optionalInt("maxMembers", at: "") {
      guard (1...Squad.largestLimit).contains(limit) else {
        throw JSONShapeError(path: "maxMembers", problem: "expected a number from 1 to \(Squad.largestLimit)")
      }
      maxMembers = limit
    }
  }
}
