import Foundation

/// Reads JSON exports: one document `{"schemaVersion": 1, "members": [...]}` (the squad file or
/// a JSON export), or JSON lines with one member object per line. Everything goes through
/// ``JSONParser``, whose failures carry the byte offset that a syntax error is reported at.
enum ImportJSON {
  /// Hands each member of a JSON document to `body` (false stops); a problem with the whole
  /// document (its syntax, a newer `schemaVersion`, no `members`) is returned instead, before
  /// any member.
  static func forEachMember(_ bytes: [UInt8], _ body: (MemberDraft) -> Bool) -> ImportProblem? {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      let line = bytes[..<min(error.offset, bytes.count)].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
      return ImportProblem(
        .line(line), "not valid JSON here (\(error.reason)); a JSON export must be one valid document")
    }
    guard case .object = value else {
      return ImportProblem(.wholeFile, "expected a JSON object with a \"members\" array")
    }
    if let version = value["schemaVersion"] {
      guard case .int(let version) = version else {
        return ImportProblem(.jsonPath("schemaVersion"), "expected a whole number")
      }
      guard version == Squad.currentSchemaVersion else {
        let why =
          version > Squad.currentSchemaVersion
          ? "\(version) is newer than this squad reads (\(Squad.currentSchemaVersion)); upgrade squad to import this file"
          : "\(version) is not a version squad knows (\(Squad.currentSchemaVersion) is)"
        return ImportProblem(.jsonPath("schemaVersion"), why)
      }
    }
    guard let members = value["members"] else {
      return ImportProblem(.wholeFile, "missing \"members\": a JSON export lists its members in a \"members\" array")
    }
    guard let items = members.arrayValue else {
      return ImportProblem(.jsonPath("members"), "expected an array of member objects")
    }
    // One draft at a time: millions of `{}` must not become millions of drafts at once.
    for (index, item) in items.enumerated() {
      guard body(draft(item, at: .jsonPath("members[\(index)]"), notAnObject: "expected a member object")) else {
        break
      }
    }
    return nil
  }

  /// Hands each member of JSON lines to `body` as it is read (false stops); blank lines are
  /// skipped.
  static func forEachLine(_ text: String, _ body: (MemberDraft) -> Bool) {
    // Line by line without splitting the whole text first: a 16 MiB file of millions of short
    // lines must not become millions of substrings at once. "\r\n" is one Character in Swift, so
    // CRLF is named; a raw U+2028 inside a JSON string is content, not a line end.
    var start = text.startIndex
    var number = 0
    while start < text.endIndex {
      let end = text[start...].firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
      let line = text[start..<end]
      number += 1
      start = end < text.endIndex ? text.index(after: end) : end
      if line.allSatisfy(\.isWhitespace) { continue }
      var member: MemberDraft
      if let value = try? JSONParser.parse(line) {
        member = draft(value, at: .line(number), notAnObject: "expected a member object")
      } else {
        member = MemberDraft(at: .line(number))
        member.reject(nil, "this line is not a JSON object")
      }
      guard body(member) else { return }
    }
  }

  /// Whether the whole text is one JSON value, and if so whether it is an export document
  /// rather than a single JSON line.
  static func isDocument(_ text: String) -> Bool? {
    guard let value = try? JSONParser.parse(text) else { return nil }
    guard case .object = value else { return true }
    return value["members"] != nil || value["schemaVersion"] != nil
  }

  /// Reads one member object without failing: problems go into the draft.
  private static func draft(_ value: JSONValue, at location: ImportLocation, notAnObject: String) -> MemberDraft {
    var draft = MemberDraft(at: location)
    guard case .object = value else {
      draft.reject(nil, notAnObject)
      return draft
    }
    switch value[MemberField.id.rawValue] {
    case nil, .null?: break
    case .int(let id)?: draft.id = id
    case .double(let number)?: draft.reject(.id, "expected a whole number above 0, found \(number)")
    default: draft.reject(.id, "expected a whole number above 0")
    }
    func text(_ field: MemberField) -> String? {
      switch value[field.rawValue] {
      case nil, .null?: return nil
      case .string(let text)?: return text
      default:
        draft.reject(field, "expected a string")
        return nil
      }
    }
    draft.name = text(.name)
    draft.description = text(.description)
    draft.thumbnail = text(.thumbnail)
    draft.recruitedAt = text(.recruitedAt)
    return draft
  }
}
