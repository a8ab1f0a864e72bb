import Foundation

/// Reads a CSV export: a header naming the columns, then one member per record, cells unguarded.
enum ImportCSV {
  /// Hands each member record to `validation` until it says stop; a whole-file problem is returned.
  static func forEachMember(_ text: String, _ validation: ImportValidation) -> ImportProblem? {
    var columns: [MemberField]?
    var failure: ImportProblem?
    let unclosed = CSV.forEachRecord(text) { record in
      guard record.fields != [""] else { return true }  // blank lines
      guard let columns else {
        do throws(ImportProblem) { columns = try self.columns(record) } catch { failure = error }
        return failure == nil
      }
      return validation.take(member(record, columns: columns, now: validation.now), at: .line(record.line))
    }
    if let unclosed { return ImportProblem(.line(unclosed.line), "a quoted field starting on this line never ends") }
    guard columns != nil || failure != nil else { return ImportProblem(.wholeFile, "the file has no header row") }
    return failure
  }

  /// A TSV export has no header and no quoting: the stored fields, id and name alone, or every field in order.
  static func forEachTSVMember(_ text: String, _ validation: ImportValidation) -> ImportProblem? {
    var columns: [MemberField]?
    var failure: ImportProblem?
    ImportJSON.eachLine(of: text) { number, line in
      let record = CSV.Record(
        line: number, fields: line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
      if columns == nil {
        guard [2, MemberField.stored.count, MemberField.allCases.count].contains(record.fields.count) else {
          failure = ImportProblem(
            .line(number),
            "a TSV import takes the \(MemberField.stored.count) columns 'squad export --format tsv' writes "
              + "(\(MemberField.stored.map(\.rawValue).joinedDirectly(separator: ", "))) or id and name alone, or every field; this line "
              + "has \(record.fields.count). A headerless file cannot say which fields it holds: export with "
              + "--format csv, whose header names them")
          return false
        }
        columns = Array(MemberField.allCases.prefix(record.fields.count))
      }
      return validation.take(
        member(record, columns: columns ?? [], now: validation.now, guarded: false), at: .line(number))
    }
    return failure
  }

  private static func columns(_ header: CSV.Record) throws(ImportProblem) -> [MemberField] {
    let names = header.fields.map { CSV.unguard($0).trimmingWhitespace() }
    let valid = MemberField.allCases.map(\.rawValue).joinedDirectly(separator: ", ")
    guard names.contains(where: { MemberField(name: $0) != nil }) else {
      throw ImportProblem(
        .line(header.line),
        "expected a CSV header naming at least id and name, found '\(TextSnippet.quote(names.joinedDirectly(separator: ",")))'; "
          + "squad imports json, jsonl, csv and tsv exports (tsv has no header: an id first, as 'squad export "
          + "--format tsv' writes it)")
    }
    var columns: [MemberField] = []
    for name in names {
      guard let field = MemberField(name: name) else {
        let shown = TextSnippet.quote(names.joinedDirectly(separator: ","))
        throw ImportProblem(
          .line(header.line),
          "'\(TextSnippet.quote(name))' is not a column squad knows (the header is \(shown); columns may be \(valid))")
      }
      guard !columns.contains(field) else {
        throw ImportProblem(.line(header.line), "the column '\(field.rawValue)' appears twice in the header")
      }
      columns.append(field)
    }
    guard columns.contains(.id), columns.contains(.name) else {
      throw ImportProblem(.line(header.line), "the header must name at least the id and name columns")
    }
    return columns
  }

  /// The record's member by the one member rule; an empty cell is a missing field.
  private static func member(_ record: CSV.Record, columns: [MemberField], now: Date, guarded: Bool = true)
    -> Result<Member, ImportProblem>
  {
    let location = ImportLocation.line(record.line)
    guard record.fields.count == columns.count else {
      return .failure(
        ImportProblem(location, "expected \(columns.count) fields like the header, found \(record.fields.count)"))
    }
    var cells: [MemberField: String] = [:]
    for (field, raw) in zip(columns, record.fields) { cells[field] = guarded ? CSV.unguard(raw) : raw }
    var id: Int?
    if let cell = cells[.id], !cell.trimmingWhitespace().isEmpty {
      guard let number = WholeNumber.parse(cell.trimmingWhitespace()) else {
        return .failure(ImportProblem(location, field: .id, WholeNumber.notANumber(cell)))
      }
      id = number
    }
    return Result { () throws(MemberProblem) in
      try Member(
        id: id, name: cells[.name], description: cells[.description], thumbnail: cells[.thumbnail],
        recruitedAt: cells[.recruitedAt], readAt: now)
    }.mapError { ImportProblem(location, field: $0.field, $0.message) }
  }
}
