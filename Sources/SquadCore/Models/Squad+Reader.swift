import Foundation

extension Squad {
  /// Reads a valid squad document straight from its bytes, without building a ``JSONValue``
  /// tree; nil for anything else (another schema version, a wrong shape, repeated keys or ids),
  /// which ``init(document:)`` then reads and explains.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Squad? {
    var reader = JSONReader(bytes)
    var version: Int?
    var members: [Member]?
    do throws(JSONParser.Failure) {
      try reader.beginObject()
      while let key = try reader.nextKey() {
        if key == "schemaVersion", version == nil {
          version = try reader.int()
        } else if key == "members", members == nil {
          members = try Self.members(&reader)
        } else if key == "schemaVersion" || key == "members" {
          return nil
        } else {
          try reader.skipValue()
        }
      }
      guard reader.isAtEnd(), version == Squad.currentSchemaVersion, let members else { return nil }
      return Squad(distinctMembers: members)
    } catch {
      return nil
    }
  }

  private static func members(_ reader: inout JSONReader) throws(JSONParser.Failure) -> [Member] {
    var members: [Member] = []
    try reader.beginArray()
    while try reader.nextItem() { members.append(try Member(reading: &reader)) }
    // Sorting a hundred ids costs less than hashing them into a set.
    let ids = members.map(\.id.rawValue).sorted()
    for index in ids.indices.dropFirst() where ids[index] == ids[index - 1] { throw reader.failure("a repeated id") }
    return members
  }
}

extension Member {
  /// Reads a member object whose every field is as the squad file writes it.
  init(reading reader: inout JSONReader) throws(JSONParser.Failure) {
    var id: Int?
    var name: String?
    var description: String??
    var thumbnail: String??
    var recruitedAt: Date?
    try reader.beginObject()
    while let key = try reader.nextKey() {
      if key == "id", id == nil {
        id = try reader.int()
      } else if key == "name", name == nil {
        name = try reader.string()
      } else if key == "description", description == nil {
        description = .some(try reader.optionalString())
      } else if key == "thumbnail", thumbnail == nil {
        thumbnail = .some(try reader.optionalString())
      } else if key == "recruitedAt", recruitedAt == nil {
        recruitedAt = try reader.rawStringValue().withUTF8(MarvelDate.parse(utf8:))
        if recruitedAt == nil { throw reader.failure("not a date") }
      } else if key == "id" || key == "name" || key == "description" || key == "thumbnail" || key == "recruitedAt" {
        throw reader.failure("a repeated key")
      } else {
        try reader.skipValue()
      }
    }
    guard let id, id > 0, let name, let recruitedAt else { throw reader.failure("an incomplete member") }
    self.init(
      id: HeroID(id), name: name, description: (description ?? nil) ?? "", thumbnail: thumbnail ?? nil,
      recruitedAt: recruitedAt)
  }
}
