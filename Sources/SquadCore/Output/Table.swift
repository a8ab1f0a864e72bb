struct Table: Equatable, Sendable {
  struct Column: Equatable, Sendable {
    /// The header on a terminal (`NAME`), and the header in CSV and the field name in `--fields` (`name`).
    var title: String
    var key: String
    var shrinks: Bool
    var alignsRight: Bool

    init(_ title: String, key: String, shrinks: Bool = false, alignsRight: Bool = false) {
      self.title = title
      self.key = key
      self.shrinks = shrinks
      self.alignsRight = alignsRight
    }
  }

  /// What a terminal shows for a number nobody knows; TSV and CSV leave the cell empty.
  static let unknown = "unknown"
  var columns: [Column]
  var rows: [[String]]

  func tsv(header: Bool = false) -> String {
    // Bytes appended to one buffer: listings print thousands of rows.
    var text: [UInt8] = []
    text.reserveCapacity(rows.count * 48)
    if header { text += (columns.map(\.key).joinedDirectly(separator: "\t") + "\n").utf8 }
    for row in rows {
      for (index, cell) in row.enumerated() {
        if index > 0 { text.append(UInt8(ascii: "\t")) }
        TextSanitizer.appendClean(cell, to: &text)
      }
      text.append(UInt8(ascii: "\n"))
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// RFC 4180, CRLF, formula-looking cells defused, every character kept to import back exactly.
  func csv(header: Bool = true) -> String {
    var lines: [String] = header ? [columns.map { CSV.field($0.key) }.joinedDirectly(separator: ",")] : []
    lines += rows.map { $0.map(CSV.field).joinedDirectly(separator: ",") }
    return lines.map { $0 + "\r\n" }.joined()
  }

  func markdown() -> String {
    var lines = ["| " + columns.map { Self.markdownText($0.key) }.joinedDirectly(separator: " | ") + " |"]
    lines.append("|" + columns.map { $0.alignsRight ? " ---: |" : " --- |" }.joined())
    lines += rows.map { "| " + $0.map(Self.markdownText).joinedDirectly(separator: " | ") + " |" }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Shown by CommonMark as exactly this text: inline markup escaped, a web address an autolink.
  static func markdownText(_ text: String) -> String {
    let clean = TextSanitizer.clean(text)
    if ["http://", "https://"].contains(where: clean.lowercased().hasPrefix),
      !clean.contains(where: { $0.isWhitespace || "<>|".contains($0) })
    {
      return "<" + clean + ">"
    }
    var escaped = ""
    for character in clean {
      if "\\`*_[]<&|~".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
