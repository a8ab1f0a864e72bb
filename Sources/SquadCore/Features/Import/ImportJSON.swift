import Foundation

/// Reads JSON exports: one document `{"schemaVersion": 1, "members": [...]}` (the squad file or
/// a JSON export), or JSON lines with one member object per line. Everything goes through
/// ``JSONParser``, whose failures carry the byte offset that a syntax error is reported at.
enum ImportJSON {
  /// The members of a JSON document; a newer `schemaVersion` is refused before anything else.
  static func document(_ bytes: [UInt8]) -> Result<[MemberDraft], ImportProblem> {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      let line = bytes[..<min(error.offset, bytes.count)].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
      return .failure(
        ImportProblem(.line(line), "not valid JSON here (\(error.reason)); a JSON export must be one valid document"))
    }
    guard case .object = value else {
      return .failure(ImportProblem(.wholeFile, "expected a JSON object with a \"members\" array"))
    }
    if let version = value["schemaVersion"] {
      guard case .int(let version) = version else {
        return .failure(ImportProblem(.jsonPath("schemaVersion"), "expected a whole number"))
      }
      guard version == Squad.currentSchemaVersion else {
        let why =
          version > Squad.currentSchemaVersion
          ? "\(version) is newer than this squad reads (\(Squad.currentSchemaVersion)); upgrade squad to import this file"
          : "\(version) is not a version squad knows (\(Squad.currentSchemaVersion) is)"
        return .failure(ImportProblem(.jsonPath("schemaVersion"), why))
      }
    }
    guard let members = value["members"] else {
      return .failure(ImportProblem(.wholeFile, "missing \"members\": a JSON export lists its members in a \"members\" array"))
    }
    guard let items = members.arrayValue else {
      return .failure(ImportProblem(.jsonPath("members"), "expected an array of member objects"))
    }
    return .success(
      items.enumerated().map { draft($1, at: .jsonPath("members[\($0)]"), notAnObject: "expected a member object") })
  }

  /// The members of JSON lines; blank lines are skipped.
  static func lines(_ text: String) -> [MemberDraft] {
    var drafts: [MemberDraft] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      if let value = try? JSONParser.parse(line) {
        drafts.append(draft(value, at: .line(index + 1), notAnObject: "expected a member object"))
      } else {
        var draft = MemberDraft(at: .line(index + 1))
        draft.reject(nil, "this line is not a JSON object")
        drafts.append(draft)
      }
    }
    return drafts
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
