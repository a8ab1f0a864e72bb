import Foundation

/// A member record as read from an import file, before validation: what each field held, and
/// the problems reading it already found (a name that is not a string, an id that is not a
/// number).
struct MemberDraft {
  /// Where the record is in the file.
  var location: ImportLocation
  var id: Int?
  var name: String?
  var description: String?
  var thumbnail: String?
  var recruitedAt: String?
  /// Problems found while reading the fields; a field with a problem is not checked again.
  var problems: [ImportProblem] = []

  init(at location: ImportLocation) { self.location = location }

  /// Records that a field (or the record, when nil) could not be read.
  mutating func reject(_ field: MemberField?, _ message: String) {
    problems.append(ImportProblem(location, field: field, message))
  }

  /// The same draft found at another place in the file.
  func moved(to location: ImportLocation) -> MemberDraft {
    var draft = self
    draft.location = location
    draft.problems = problems.map { ImportProblem(location, field: $0.field, $0.message) }
    return draft
  }

  /// The member this draft describes, or nil after adding every problem with it to `found`.
  /// A missing or empty `recruitedAt` means `now`; an empty description or thumbnail means none.
  func validated(now: Date, problems found: inout [ImportProblem]) -> Member? {
    // A record that could not be read as a whole (not an object, wrong field count) has no
    // fields worth checking one by one.
    guard !problems.contains(where: { $0.field == nil }) else {
      found += problems
      return nil
    }
    var draft = self
    let rejected = Set(problems.compactMap(\.field))
    func check(_ field: MemberField, _ message: String?) {
      if let message, !rejected.contains(field) { draft.reject(field, message) }
    }
    switch id {
    case nil: check(.id, "missing; every member needs its Marvel character id")
    case let value?: check(.id, HeroLimits.idProblem(value))
    }
    switch name {
    case nil: check(.name, "missing; every member needs a name")
    case let value?: check(.name, HeroLimits.nameProblem(value))
    }
    check(.description, description.flatMap(HeroLimits.descriptionProblem))
    check(.thumbnail, thumbnail.flatMap(HeroLimits.urlProblem))
    var date = now
    if let text = recruitedAt?.trimmingWhitespace(), !text.isEmpty {
      if let parsed = MarvelDate.parse(text) {
        date = parsed
      } else {
        check(.recruitedAt, "'\(TextSnippet.quote(text))' is not an ISO 8601 date such as 2026-11-22T07:55:00Z")
      }
    }
    guard draft.problems.isEmpty, let id, let name else {
      found += draft.problems
      return nil
    }
    let thumbnail = self.thumbnail.flatMap { $0.isEmpty ? nil : $0 }
    return Member(id: HeroID(id), name: name, description: description ?? "", thumbnail: thumbnail, recruitedAt: date)
  }
}
