import Foundation

/// Turns an import file into members, validating all of it and reporting every problem.
enum ImportParser {
  static func parse(_ file: ImportFile, now: Date) -> Result<ImportContent, InvalidImport> {
    func invalid(_ problems: [ImportProblem]) -> Result<ImportContent, InvalidImport> {
      .failure(InvalidImport(label: file.label, problems: problems))
    }
    // The squad file's rule: a leading byte-order mark (spreadsheets write one) is skipped.
    let bytes = ByteOrderMark.stripped(Array(file.data))
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return invalid([ImportProblem(.wholeFile, "not UTF-8 text; save it as UTF-8 and import it again")])
    }
    let validation = ImportValidation(now: now)
    guard let format = ImportFormat.detect(text) else {
      return invalid([
        ImportProblem(
          .wholeFile,
          "the file is empty; expected a squad export (json, jsonl, csv or tsv). An empty squad exports as "
            + "empty jsonl or tsv, which cannot tell itself from a failed write: export it as json to carry it")
      ])
    }
    let failure: ImportProblem?
    switch format {
    case .json: failure = ImportJSON.forEachMember(bytes, validation)
    case .jsonLines:
      ImportJSON.forEachLine(text, validation)
      failure = nil
    case .csv: failure = ImportCSV.forEachMember(text, validation)
    case .tsv: failure = ImportCSV.forEachTSVMember(text, validation)
    }
    if let failure { return invalid([failure]) }
    guard validation.problems.isEmpty else {
      return .failure(
        InvalidImport(label: file.label, problems: validation.problems, complete: !validation.stoppedEarly))
    }
    if case let limit?? = validation.limit, validation.members.count > limit {
      let over = "\(limit), but the file lists \(Plural.members(validation.members.count)); raise it or remove members"
      return invalid([ImportProblem(.jsonPath("maxMembers"), over)])
    }
    // A picture that is no web address (`javascript:`, `file:`) is dropped, as heroes' are.
    let members = validation.members.map { member in
      var member = member
      if let picture = member.thumbnail, !HeroLink.isWebAddress(picture) { member.thumbnail = nil }
      return member
    }
    return .success(ImportContent(members: members, limit: validation.limit, locations: validation.firstSeen))
  }
}

/// The export formats `squad import` reads, told apart by content.
enum ImportFormat: Equatable, Sendable {
  case json, jsonLines, csv
  /// Tab-separated values without a header, as `squad export --format tsv` writes them: an id first.
  case tsv

  /// The format the text looks like; nil when it holds nothing but white space.
  static func detect(_ text: String) -> ImportFormat? {
    guard let first = text.unicodeScalars.first(where: { !$0.properties.isWhitespace }) else { return nil }
    let lines = firstLines(text, count: 2)
    guard first == "{" || first == "[" else {
      let cells = lines.first?.split(separator: "\t", omittingEmptySubsequences: false) ?? []
      return cells.count > 1 && !cells[0].isEmpty && cells[0].allSatisfy { $0.isASCII && $0.isNumber } ? .tsv : .csv
    }
    switch ImportJSON.isDocument(text) {
    case true?: return .json
    // One valid object without members is a JSON lines file of one member.
    case false?: return lines.count == 1 ? .jsonLines : .json
    case nil:
      // Not one valid document: JSON lines when its first line stands alone as a JSON value.
      let standsAlone = lines.first.map { ImportJSON.isDocument($0) != nil } ?? false
      return lines.count > 1 && standsAlone ? .jsonLines : .json
    }
  }

  // The first non-blank lines, ended by any newline.
  private static func firstLines(_ text: String, count: Int) -> [Substring] {
    var lines: [Substring] = []
    ImportJSON.eachLine(of: text, endingAt: \.isNewline) { _, line in
      lines.append(line)
      return lines.count < count
    }
    return lines
  }
}
