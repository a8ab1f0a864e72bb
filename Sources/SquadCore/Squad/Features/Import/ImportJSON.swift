import Foundation

/// Reads JSON exports: one document (``SquadDocument``), or JSON Lines with one member object a line.
enum ImportJSON {
  /// Hands each member to `validation` until it says stop; a whole-document problem is returned.
  static func forEachMember(_ bytes: [UInt8], _ validation: ImportValidation) -> ImportProblem? {
    var index = 0
    let read = bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONReader.Failure) in
        try SquadDocument(buffer, readAt: validation.now) { read in
          let location = ImportLocation.jsonPath("members[\(index)]")
          index += 1
          return validation.take(taken(read, at: location), at: location)
        }
      }
    }
    let document: SquadDocument
    switch read {
    case .success(let read): document = read
    case .failure(let failure):
      let line = bytes[..<min(failure.offset, bytes.count)].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
      return ImportProblem(
        .line(line), "not valid JSON here (\(failure.reason)); a JSON export must be one valid document")
    }
    guard document.isObject else { return ImportProblem(.wholeFile, "expected a JSON object with a \"members\" array") }
    if let key = document.repeated {
      return ImportProblem(.jsonPath(key), "given twice; squad will not guess which one counts")
    }
    if let version = document.version {
      guard case .success(let version?) = version else {
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
    validation.limit = .some(nil)
    if let limit = document.limit {
      guard case .success(let limit?) = limit, (1...Squad.largestLimit).contains(limit) else {
        return ImportProblem(.jsonPath("maxMembers"), "expected a whole number from 1 to \(Squad.largestLimit)")
      }
      validation.limit = limit
    }
    guard let isArray = document.members else {
      return ImportProblem(.wholeFile, "missing \"members\": a JSON export lists its members in a \"members\" array")
    }
    return isArray ? nil : ImportProblem(.jsonPath("members"), "expected an array of member objects")
  }

  static func forEachLine(_ text: String, _ validation: ImportValidation) {
    eachLine(of: text) { number, line in
      let location = ImportLocation.line(number)
      var line = String(line)
      let member = line.withUTF8 { bytes in
        var reader = JSONReader(bytes)
        let read = Result { () throws(JSONReader.Failure) in try Member.read(&reader, readAt: validation.now) }
        guard case .success(let read) = read, reader.isAtEnd() else {
          return Result<Member, ImportProblem>.failure(ImportProblem(location, "this line is not a JSON object"))
        }
        return taken(read, at: location)
      }
      return validation.take(member, at: location)
    }
  }

  /// A member as read (nil when the value is no object), its problem placed at `location`.
  static func taken(_ read: Result<Member, MemberProblem>?, at location: ImportLocation) -> Result<
    Member, ImportProblem
  > {
    read.map { $0.mapError { ImportProblem(location, field: $0.field, $0.message) } }
      ?? .failure(ImportProblem(location, "expected a member object"))
  }

  /// Hands each non-blank line and its number to `body` until it returns false.
  static func eachLine(
    of text: String, endingAt isEnd: (Character) -> Bool = { $0 == "\n" || $0 == "\r\n" },
    _ body: (Int, Substring) -> Bool
  ) {
    // Not split first: millions of short lines must not become millions of substrings at once.
    // "\r\n" is one Character in Swift; a raw U+2028 inside a JSON string is content, not a line end.
    var start = text.startIndex
    var number = 0
    while start < text.endIndex {
      let end = text[start...].firstIndex(where: isEnd) ?? text.endIndex
      let line = text[start..<end]
      number += 1
      start = end < text.endIndex ? text.index(after: end) : end
      if !line.allSatisfy(\.isWhitespace), !body(number, line) { return }
    }
  }

  /// Whether the text, one JSON value, is an export (no object, or one with `members` or `schemaVersion`);
  /// nil when it is not one JSON value.
  static func isDocument(_ text: some StringProtocol) -> Bool? {
    var text = String(text)
    return text.withUTF8 { bytes in
      var reader = JSONReader(bytes)
      let isObject = reader.isObjectNext()
      var isDocument = !isObject
      do throws(JSONReader.Failure) {
        if isObject { try reader.beginObject() } else { try reader.skipValue() }
        while isObject, let key = try reader.nextKey() {
          isDocument = isDocument || key == "members" || key == "schemaVersion"
          try reader.skipValue()
        }
      } catch {
        return nil
      }
      return reader.isAtEnd() ? isDocument : nil
    }
  }
}
