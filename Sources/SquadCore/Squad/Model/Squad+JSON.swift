import Foundation

extension Hero {
  init(member: Member) {
    self.init(
      id: member.id, name: member.name, description: member.description,
      thumbnail: member.thumbnail.flatMap(Thumbnail.init(url:)))
  }
}

/// A member field that breaks the member rule, and how.
struct MemberProblem: Error, Equatable, Sendable {
  var field: MemberField
  var message: String
}

extension Member {
  init(hero: Hero, recruitedAt: Date) {
    self.init(
      id: hero.id, name: hero.name, description: hero.description, thumbnail: hero.thumbnail?.url(),
      recruitedAt: recruitedAt)
  }

  /// Reads the value where `reader` stands as a member by the one member rule; nil when it is no object. Other keys
  /// are kept when `keepingUnknown` (the squad file and its history). Throws only for text that is not JSON.
  static func read(_ reader: inout JSONReader, readAt: Date, keepingUnknown: Bool = false) throws(JSONReader.Failure)
    -> Result<Member, MemberProblem>?
  {
    guard reader.isObjectNext() else {
      try reader.skipValue()
      return nil
    }
    try reader.beginObject()
    var id: Result<Int?, JSONReader.Unfit>?
    var name: Result<String?, JSONReader.Unfit>?
    var description: Result<String?, JSONReader.Unfit>?
    var thumbnail: Result<String?, JSONReader.Unfit>?
    var recruitedAt: Result<String?, JSONReader.Unfit>?
    var twice: MemberField?
    var unknown: [UnknownField] = []
    // Named values, not an array: freeing an array of results is slow (BENCHMARKS.md, "Stop 37").
    func text(_ value: inout Result<String?, JSONReader.Unfit>?, _ field: MemberField) throws(JSONReader.Failure) {
      guard value == nil else {
        twice = twice ?? field
        return try reader.skipValue()
      }
      value = try reader.text()
    }
    while let key = try reader.nextKey() {
      if key == "id", id == nil {
        id = try reader.wholeNumber()
      } else if key == "id" {
        twice = twice ?? .id
        try reader.skipValue()
      } else if key == "name" {
        try text(&name, .name)
      } else if key == "description" {
        try text(&description, .description)
      } else if key == "thumbnail" {
        try text(&thumbnail, .thumbnail)
      } else if key == "recruitedAt" {
        try text(&recruitedAt, .recruitedAt)
      } else if keepingUnknown {
        try reader.appendUnknownField(key, to: &unknown)
      } else {
        try reader.skipValue()
      }
    }
    if let twice {
      return .failure(MemberProblem(field: twice, message: "given twice; squad will not guess which one counts"))
    }
    do throws(MemberProblem) {
      func value(_ text: Result<String?, JSONReader.Unfit>?, _ field: MemberField) throws(MemberProblem) -> String? {
        try text.value { MemberProblem(field: field, message: $0) }
      }
      var member = try Member(
        id: try id.value { MemberProblem(field: .id, message: $0) }, name: try value(name, .name),
        description: try value(description, .description), thumbnail: try value(thumbnail, .thumbnail),
        recruitedAt: try value(recruitedAt, .recruitedAt), readAt: readAt)
      member.unknownFields = unknown
      return .success(member)
    } catch {
      return .failure(error)
    }
  }

  /// The one member rule: id and name required, ``HeroLimits`` kept; no `recruitedAt` means `readAt`.
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
    // Parsed as it stands first: trimming costs more than the parse.
    if let text = recruitedAt, let parsed = MarvelDate.parse(text) {
      date = parsed
    } else if let text = recruitedAt?.trimmingWhitespace(), !text.isEmpty {
      guard let parsed = MarvelDate.parse(text) else {
        throw MemberProblem(
          field: .recruitedAt,
          message:
            "'\(TextSnippet.quote(text))' is not an ISO 8601 date of the years 0000 to 9999 (UTC) such as 2026-11-22T07:55:00Z"
        )
      }
      date = parsed
    }
    self.init(
      id: HeroID(id), name: name, description: description ?? "",
      thumbnail: thumbnail?.isEmpty == false ? thumbnail : nil,
      recruitedAt: date)
  }
}

/// A squad document as read, `{"schemaVersion": 1, "maxMembers": 5, "members": [...]}`: the squad
/// file's form and a JSON export's. Each member goes to `each` as it is read, until it says stop.
struct SquadDocument {
  var isObject: Bool
  var version: Result<Int?, JSONReader.Unfit>?
  var limit: Result<Int?, JSONReader.Unfit>?
  /// Whether `members` is an array; nil when missing.
  var members: Bool?
  /// The first of `schemaVersion`, `maxMembers` and `members` given twice, if any.
  var repeated: String?
  var unknownFields: [UnknownField] = []

  /// `keepingUnknown` (the squad file) keeps the keys squad does not know, which an import leaves out.
  init(
    _ bytes: UnsafeBufferPointer<UInt8>, readAt: Date, keepingUnknown: Bool = false,
    each: (Result<Member, MemberProblem>?) -> Bool
  ) throws(JSONReader.Failure) {
    var reader = JSONReader(bytes)
    isObject = reader.isObjectNext()
    if isObject { try reader.beginObject() } else { try reader.skipValue() }
    while isObject, let key = try reader.nextKey() {
      if key == "schemaVersion", version == nil {
        version = try reader.wholeNumber()
      } else if key == "maxMembers", limit == nil {
        limit = try reader.wholeNumber()
      } else if key == "members", members == nil, (try? reader.beginArray()) != nil {
        members = true
        var taking = true
        while try reader.nextItem() {
          if taking {
            taking = each(try Member.read(&reader, readAt: readAt, keepingUnknown: keepingUnknown))
          } else {
            try reader.skipValue()
          }
        }
      } else if keepingUnknown, !(key == "schemaVersion" || key == "maxMembers" || key == "members") {
        try reader.appendUnknownField(key, to: &unknownFields)
      } else {
        if key == "schemaVersion" || key == "maxMembers" || (key == "members" && members != nil) {
          repeated = repeated ?? key.string
        }
        if key == "members", members == nil { members = false }
        try reader.skipValue()
      }
    }
    guard reader.isAtEnd() else { throw reader.failure("unexpected text after the document") }
  }
}
