import Foundation

/// Reads a CSV export: a header naming the columns (at least `id` and `name`), then one member
/// per record. Cells are unguarded (`'=x` is `=x` again) and blank lines are skipped.
enum ImportCSV {
  /// Hands each member record to `body` as it is read (false stops); a problem with the whole
  /// file (its header, a quote that never ends) is returned instead.
  static func forEachDraft(_ text: String, _ body: (MemberDraft) -> Bool) -> ImportProblem? {
    var columns: Result<[MemberField], ImportProblem>?
    var failure: ImportProblem?
    let unclosed = CSV.forEachRecord(text) { record in
      guard record.fields != [""] else { return true }  // blank lines
      guard let found = columns else {
        columns = self.columns(record)
        if case .failure(let problem) = columns { failure = problem }
        return failure == nil
      }
      guard case .success(let fields) = found else { return false }
      return body(draft(record, columns: fields))
    }
    if let unclosed { return ImportProblem(.line(unclosed.line), "a quoted field starting on this line never ends") }
    guard columns != nil else { return ImportProblem(.wholeFile, "the file has no header row") }
    return failure
  }

  private static func columns(_ header: CSV.Record) -> Result<[MemberField], ImportProblem> {
    let names = header.fields.map { CSV.unguard($0).trimmingWhitespace() }
    let valid = MemberField.allCases.map(\.rawValue).joined(separator: ", ")
    guard names.contains(where: { MemberField(name: $0) != nil }) else {
      return .failure(
        ImportProblem(
          .line(header.line),
          "expected a CSV header naming at least id and name, found '\(TextSnippet.quote(names.joined(separator: ",")))'; "
            + "squad imports json, jsonl and csv exports"))
    }
    var columns: [MemberField] = []
    for name in names {
      guard let field = MemberField(name: name) else {
        let shown = TextSnippet.quote(names.joined(separator: ","))
        return .failure(
          ImportProblem(
            .line(header.line),
            "'\(TextSnippet.quote(name))' is not a column squad knows (the header is \(shown); columns may be \(valid))"
          ))
      }
      guard !columns.contains(field) else {
        return .failure(ImportProblem(.line(header.line), "the column '\(field.rawValue)' appears twice in the header"))
      }
      columns.append(field)
    }
    guard columns.contains(.id), columns.contains(.name) else {
      return .failure(ImportProblem(.line(header.line), "the header must name at least the id and name columns"))
    }
    return .success(columns)
  }

  private static func draft(_ record: CSV.Record, columns: [MemberField]) -> MemberDraft {
    var draft = MemberDraft(at: .line(record.line))
    guard record.fields.count == columns.count else {
      draft.reject(nil, "expected \(columns.count) fields like the header, found \(record.fields.count)")
      return draft
    }
    for (field, raw) in zip(columns, record.fields) {
      let cell = CSV.unguard(raw)
      switch field {
      case .id:
        let digits = cell.trimmingWhitespace()
        if !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int(digits) {
          draft.id = id
        } else if !digits.isEmpty {
          draft.reject(.id, "expected a whole number above 0, found '\(TextSnippet.quote(cell))'")
        }
      case .name: draft.name = cell
      case .description: draft.description = cell
      case .thumbnail: draft.thumbnail = cell
      case .recruitedAt: draft.recruitedAt = cell
      }
    }
    return draft
  }
}
