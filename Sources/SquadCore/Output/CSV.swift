/// RFC 4180 fields, made safe to open in a spreadsheet.
public enum CSV {
  /// The cell as a CSV field: quoted when needed, and prefixed with `'` when it starts with a
  /// character that would make a spreadsheet run it as a formula (`=`, `+`, `-`, `@`, tab, CR).
  public static func field(_ text: String) -> String {
    var value = text
    if let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) {
      value = "'" + value
    }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Parses CSV text into rows of fields (RFC 4180: quoted fields may hold commas, quotes and
  /// line breaks). Nil when a quoted field never ends.
  public static func parse(_ text: String) -> [[String]]? {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var inQuotes = false
    var afterQuote = false
    var iterator = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return iterator.next()
    }
    while let scalar = next() {
      if inQuotes {
        if scalar == "\"" {
          if let following = next() {
            if following == "\"" { field.unicodeScalars.append("\"") } else {
              inQuotes = false
              afterQuote = true
              pending = following
            }
          } else {
            inQuotes = false
          }
        } else {
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty && !afterQuote: inQuotes = true
      case ",":
        row.append(field)
        field = ""
        afterQuote = false
      case "\r": continue
      case "\n":
        row.append(field)
        rows.append(row)
        row = []
        field = ""
        afterQuote = false
      default: field.unicodeScalars.append(scalar)
      }
    }
    if inQuotes { return nil }
    if !field.isEmpty || !row.isEmpty || afterQuote {
      row.append(field)
      rows.append(row)
    }
    return rows
  }

  /// Undoes the formula guard of ``field(_:)`` on a parsed cell.
  public static func unguard(_ cell: String) -> String {
    guard cell.hasPrefix("'"), let second = cell.unicodeScalars.dropFirst().first,
      "=+-@\t\r".unicodeScalars.contains(second)
    else { return cell }
    return String(cell.dropFirst())
  }
}
