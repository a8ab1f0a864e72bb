enum TableRenderer {
  /// With a `width`, every line, the header included, is cut to it, so nothing wraps.
  static func render(_ table: Table, width: Int?, color: Bool, headers: Bool = true) -> String {
    let cells = table.rows.map { $0.map(TextSanitizer.clean) }
    let cellWidths = cells.map { $0.map(DisplayWidth.of) }
    let titleWidths = table.columns.map { headers ? DisplayWidth.of($0.title) : 0 }
    var widths = table.columns.indices.map { index in
      max(titleWidths[index], cellWidths.map { $0[index] }.max() ?? 0)
    }
    if let width { shrink(&widths, toFit: width, columns: table.columns) }
    // One buffer for the whole table: a string per cell and line was most of its time.
    var text: [UInt8] = []
    text.reserveCapacity((widths.reduce(0, +) + 2 * widths.count) * (cells.count + 1))
    if headers {
      var header: [UInt8] = []
      layout(
        table.columns.map(\.title), titleWidths, widths: widths, columns: table.columns, fitting: width, into: &header)
      text += color ? Array(ANSI.bold(String(decoding: header.dropLast(), as: UTF8.self)).utf8) + [newline] : header
    }
    for (row, rowWidths) in zip(cells, cellWidths) {
      layout(row, rowWidths, widths: widths, columns: table.columns, fitting: width, into: &text)
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// CSV is cleaned only for a terminal, so a file imports back exactly.
  static func render(_ table: Table, _ settings: OutputSettings, tsvHeader: Bool = false) -> String {
    switch settings.format {
    case .table: return render(table, width: settings.width, color: settings.color, headers: settings.headers)
    case .csv: return TextSanitizer.forStdout(table.csv(header: settings.headers), isTerminal: settings.isTerminal)
    case .tsv, .json, .jsonl: return table.tsv(header: tsvHeader)
    }
  }

  private static let space = UInt8(ascii: " ")
  private static let newline = UInt8(ascii: "\n")

  private static func layout(
    _ row: [String], _ cellWidths: [Int], widths: [Int], columns: [Table.Column], fitting: Int?,
    into text: inout [UInt8]
  ) {
    let start = text.count
    for index in row.indices {
      if index > 0 { text += [space, space] }
      var cell = row[index]
      var cellWidth = cellWidths[index]
      if cellWidth > widths[index] {
        cell = DisplayWidth.truncate(cell, to: widths[index])
        cellWidth = DisplayWidth.of(cell)
      }
      let padding = repeatElement(space, count: max(0, widths[index] - cellWidth))
      if columns[index].alignsRight { text += padding }
      text += cell.utf8
      if !columns[index].alignsRight { text += padding }
    }
    while text.count > start, text.last == space { text.removeLast() }
    let lineWidth = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    // Columns that cannot shrink further (ids, dates) may still be wider than the terminal.
    if let fitting, lineWidth > fitting {
      let line = String(decoding: text[start...], as: UTF8.self)
      text.replaceSubrange(start..., with: DisplayWidth.truncate(line, to: fitting).utf8)
    }
    text.append(newline)
  }

  // Shrinks the shrinkable columns, widest first, until the row fits; fixed columns keep width.
  private static func shrink(_ widths: inout [Int], toFit total: Int, columns: [Table.Column]) {
    let gaps = 2 * max(0, widths.count - 1)
    while widths.reduce(0, +) + gaps > total {
      guard
        let widest = widths.indices.filter({ columns[$0].shrinks && widths[$0] > 8 }).max(by: {
          widths[$0] < widths[$1]
        })
      else { return }
      widths[widest] -= 1
    }
  }
}

enum ANSI {
  static func bold(_ text: String) -> String { "\u{1B}[1m" + text + "\u{1B}[0m" }
  static func dim(_ text: String) -> String { "\u{1B}[2m" + text + "\u{1B}[0m" }
}
