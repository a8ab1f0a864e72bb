/// Lays a ``Table`` out for a terminal: aligned columns, a header, wide characters counted
/// right, long text cut to the terminal's width, optional colour.
public enum TableRenderer {
  /// The table as terminal text, one line per row; with a `width`, every line, the header
  /// included, is cut to it, however narrow, so nothing wraps.
  public static func render(_ table: Table, width: Int?, color: Bool, headers: Bool = true) -> String {
    let cells = table.rows.map { $0.map(TextSanitizer.clean) }
    var widths = table.columns.indices.map { index in
      max(
        headers ? DisplayWidth.of(table.columns[index].title) : 0, cells.map { DisplayWidth.of($0[index]) }.max() ?? 0)
    }
    if let width { shrink(&widths, toFit: width, columns: table.columns) }
    // Columns that cannot shrink further (ids, dates) may still be wider than the terminal.
    func fitted(_ line: String) -> String { width.map { DisplayWidth.truncate(line, to: $0) } ?? line }
    var lines: [String] = []
    if headers {
      let header = fitted(layout(table.columns.map(\.title), widths: widths, columns: table.columns))
      lines.append(color ? ANSI.bold(header) : header)
    }
    lines += cells.map { fitted(layout($0, widths: widths, columns: table.columns)) }
    return lines.map { $0 + "\n" }.joined()
  }

  private static func layout(_ row: [String], widths: [Int], columns: [Table.Column]) -> String {
    var parts: [String] = []
    for (index, text) in row.enumerated() {
      let cut = DisplayWidth.truncate(text, to: widths[index])
      let isLast = index == row.count - 1
      if columns[index].alignsRight {
        parts.append(DisplayWidth.spaces(widths[index] - DisplayWidth.of(cut)) + cut)
      } else {
        parts.append(isLast ? cut : DisplayWidth.pad(cut, to: widths[index]))
      }
    }
    var line = parts.joinedDirectly(separator: "  ")
    // Trailing padding dropped from the end only: reversing the whole line broke every line into
    // characters twice (most of a 100-member table's 32M instructions).
    while line.utf8.last == UInt8(ascii: " ") { line.removeLast() }
    return line
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

/// The few ANSI styles squad uses, only ever when colour is on.
public enum ANSI {
  /// Bold text.
  public static func bold(_ text: String) -> String { "\u{1B}[1m" + text + "\u{1B}[0m" }
  /// Green text.
  public static func green(_ text: String) -> String { "\u{1B}[32m" + text + "\u{1B}[0m" }
  /// Dim text.
  public static func dim(_ text: String) -> String { "\u{1B}[2m" + text + "\u{1B}[0m" }
}
