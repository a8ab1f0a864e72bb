import Foundation

/// Reads JSON exports with Foundation's decoder, each member by the one member rule
/// (``Member/init(from:)``): one document `{"schemaVersion": 1, "members": [...]}` (the squad
/// file or a JSON export), or JSON Lines with one member object a line.
enum ImportJSON {
  /// Hands each member of a JSON document to `validation` until it says stop; a problem with the
  /// whole document (its syntax, a newer `schemaVersion`, no `members`) is returned instead.
  static func forEachMember(_ bytes: [UInt8], _ validation: ImportValidation) -> ImportProblem? {
    guard let key = Document.validationKey else { return ImportProblem(.wholeFile, "cannot be read") }
    let decoder = validation.decoder
    decoder.userInfo[key] = validation
    do {
      _ = try decoder.decode(Document.self, from: Data(bytes))
      return nil
    } catch let problem as ImportProblem {
      return problem
    } catch {
      guard DecodingErrorText.parts(error) == nil, let failure = JSONReader.syntaxError(in: bytes) else {
        return ImportProblem(.wholeFile, "expected a JSON object with a \"members\" array")
      }
      let line = bytes[..<min(failure.offset, bytes.count)].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
      return ImportProblem(
        .line(line), "not valid JSON here (\(failure.reason)); a JSON export must be one valid document")
    }
  }

  /// Hands each member of JSON Lines to `validation` as it is read until it says stop; blank
  /// lines are skipped.
  static func forEachLine(_ text: String, _ validation: ImportValidation) {
    eachLine(of: text) { number, line in
      let member = Result { try validation.decoder.decode(Member.self, from: Data(line.utf8)) }
      return validation.take(member.mapError { problem($0, at: .line(number), line: true) }, at: .line(number))
    }
  }

  /// Hands each non-blank line and its number to `body` until it returns false.
  static func eachLine(of text: String, _ body: (Int, Substring) -> Bool) {
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
      if !line.allSatisfy(\.isWhitespace), !body(number, line) { return }
    }
  }

  /// Whether the whole text is one JSON value, and if so whether it is an export document rather
  /// than a single JSON line.
  static func isDocument(_ text: some StringProtocol) -> Bool? {
    (try? JSONDecoder().decode(Probe.self, from: Data(text.utf8)))?.isDocument
  }

  /// The problem a member that did not decode has, at its place in the file.
  static func problem(_ error: any Error, at location: ImportLocation, line: Bool = false) -> ImportProblem {
    guard let (path, message) = DecodingErrorText.parts(error) else {
      return ImportProblem(location, line ? "this line is not a JSON object" : "expected a member object")
    }
    guard let field = path.last.flatMap({ MemberField(stringValue: $0.stringValue) }) else {
      return ImportProblem(location, "expected a member object")
    }
    return ImportProblem(location, field: field, message)
  }

  /// An export document: its `schemaVersion` checked first, then each member handed to the
  /// ``ImportValidation`` in the decoder's user info, one at a time, so that millions of `{}`
  /// never become millions of problems held at once.
  private struct Document: Decodable {
    static let validationKey = CodingUserInfoKey(rawValue: "squad.importValidation")
    private enum Key: String, CodingKey { case schemaVersion, maxMembers, members }

    init(from decoder: any Decoder) throws {
      guard let validation = Self.validationKey.flatMap({ decoder.userInfo[$0] as? ImportValidation }) else { return }
      let container = try decoder.container(keyedBy: Key.self)
      if container.contains(.schemaVersion) {
        guard let version = try? container.wholeNumber(.schemaVersion) else {
          throw ImportProblem(.jsonPath("schemaVersion"), "expected a whole number")
        }
        guard version == Squad.currentSchemaVersion else {
          let why =
            version > Squad.currentSchemaVersion
            ? "\(version) is newer than this squad reads (\(Squad.currentSchemaVersion)); upgrade squad to import this file"
            : "\(version) is not a version squad knows (\(Squad.currentSchemaVersion) is)"
          throw ImportProblem(.jsonPath("schemaVersion"), why)
        }
      }
      validation.limit = .some(nil)
      if container.contains(.maxMembers) {
        guard let limit = try? container.wholeNumber(.maxMembers), (1...Squad.largestLimit).contains(limit) else {
          throw ImportProblem(.jsonPath("maxMembers"), "expected a whole number from 1 to \(Squad.largestLimit)")
        }
        validation.limit = limit
      }
      guard container.contains(.members) else {
        throw ImportProblem(.wholeFile, "missing \"members\": a JSON export lists its members in a \"members\" array")
      }
      guard var items = try? container.nestedUnkeyedContainer(forKey: .members) else {
        throw ImportProblem(.jsonPath("members"), "expected an array of member objects")
      }
      while !items.isAtEnd {
        let location = ImportLocation.jsonPath("members[\(items.currentIndex)]")
        let member = Result { try items.decode(Member.self) }
        if case .failure = member { _ = try? items.decode(Skipped.self) }
        guard validation.take(member.mapError { problem($0, at: location) }, at: location) else { return }
      }
    }
  }

  /// Any JSON value, read only to tell an export document from a single member object.
  private struct Probe: Decodable {
    var isDocument = true
    private enum Key: String, CodingKey { case schemaVersion, members }

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: Key.self) {
        isDocument = container.contains(.members) || container.contains(.schemaVersion)
      }
    }
  }

  /// A value passed over.
  private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
  }
}
