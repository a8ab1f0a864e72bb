import Foundation

/// Reads JSON exports: one document `{"schemaVersion": 1, "members": [...]}` (the squad file or
/// a JSON export), or JSON lines with one member object per line.
enum ImportJSON {
  /// The members of a JSON document; a newer `schemaVersion` is refused before anything else.
  static func document(_ data: Data) -> Result<[MemberDraft], ImportProblem> {
    do {
      let document = try JSONDecoder().decode(Document.self, from: data)
      return document.problem.map { .failure($0) } ?? .success(document.members)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      return .failure(syntaxProblem(data))
    } catch {
      return .failure(ImportProblem(.wholeFile, "expected a JSON object with a \"members\" array"))
    }
  }

  /// The members of JSON lines; blank lines are skipped.
  static func lines(_ text: String) -> [MemberDraft] {
    var drafts: [MemberDraft] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
    where !line.allSatisfy(\.isWhitespace) {
      do {
        drafts.append(try JSONDecoder().decode(DraftReader.self, from: Data(line.utf8)).draft.moved(to: .line(index + 1)))
      } catch {
        var draft = MemberDraft(at: .line(index + 1))
        draft.reject(nil, "this line is not a JSON object")
        drafts.append(draft)
      }
    }
    return drafts
  }

  /// Whether the whole text is one JSON value, and if so whether it is an export document
  /// rather than a single JSON line.
  static func isDocument(_ data: Data) -> Bool? {
    guard let value = try? JSONSerialization.jsonObject(with: data) else { return nil }
    guard let object = value as? [String: Any] else { return true }
    return object["members"] != nil || object["schemaVersion"] != nil
  }

  // JSONDecoder says only "not valid JSON"; JSONSerialization says where, which we turn into a line.
  private static func syntaxProblem(_ data: Data) -> ImportProblem {
    do {
      _ = try JSONSerialization.jsonObject(with: data)
      return ImportProblem(.wholeFile, "not valid JSON; a JSON export must be one valid document")
    } catch {
      let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
      let location =
        number(after: "line ", in: detail).map(ImportLocation.line)
        ?? number(after: "character ", in: detail).map { offset in .line(data.prefix(offset).filter { $0 == 10 }.count + 1) }
      return ImportProblem(location ?? .wholeFile, "not valid JSON here; a JSON export must be one valid document")
    }
  }

  private static func number(after marker: String, in text: String) -> Int? {
    guard let range = text.range(of: marker) else { return nil }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }

  private struct Document: Decodable {
    var members: [MemberDraft] = []
    /// What makes the document unreadable as an export, if anything.
    var problem: ImportProblem?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      if container.contains(AnyKey("schemaVersion")) {
        guard let version = try? container.decode(Int.self, forKey: AnyKey("schemaVersion")) else {
          problem = ImportProblem(.jsonPath("schemaVersion"), "expected a whole number")
          return
        }
        guard version == Squad.currentSchemaVersion else {
          let why =
            version > Squad.currentSchemaVersion
            ? "\(version) is newer than this squad reads (\(Squad.currentSchemaVersion)); upgrade squad to import this file"
            : "\(version) is not a version squad knows (\(Squad.currentSchemaVersion) is)"
          problem = ImportProblem(.jsonPath("schemaVersion"), why)
          return
        }
      }
      guard container.contains(AnyKey("members")) else {
        problem = ImportProblem(.wholeFile, "missing \"members\": a JSON export lists its members in a \"members\" array")
        return
      }
      guard var list = try? container.nestedUnkeyedContainer(forKey: AnyKey("members")) else {
        problem = ImportProblem(.jsonPath("members"), "expected an array of member objects")
        return
      }
      while !list.isAtEnd {
        let location = ImportLocation.jsonPath("members[\(list.currentIndex)]")
        members.append(try list.decode(DraftReader.self).draft.moved(to: location))
      }
    }
  }

  /// Decodes one member object without ever throwing: problems go into the draft.
  private struct DraftReader: Decodable {
    var draft = MemberDraft(at: .wholeFile)

    init(from decoder: any Decoder) throws {
      guard let container = try? decoder.container(keyedBy: AnyKey.self) else {
        draft.reject(nil, "expected a member object")
        return
      }
      let key = { (field: MemberField) in AnyKey(field.rawValue) }
      func text(_ field: MemberField) -> String? {
        do {
          return try container.decodeIfPresent(String.self, forKey: key(field))
        } catch {
          draft.reject(field, "expected a string")
          return nil
        }
      }
      if container.contains(key(.id)), (try? container.decodeNil(forKey: key(.id))) != true {
        if let id = try? container.decode(Int.self, forKey: key(.id)) {
          draft.id = id
        } else if let number = try? container.decode(Double.self, forKey: key(.id)) {
          draft.reject(.id, "expected a whole number above 0, found \(number)")
        } else {
          draft.reject(.id, "expected a whole number above 0")
        }
      }
      draft.name = text(.name)
      draft.description = text(.description)
      draft.thumbnail = text(.thumbnail)
      draft.recruitedAt = text(.recruitedAt)
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
