/// RFC 4180 fields, with `'` before a cell a spreadsheet would run as a formula (``unguard(_:)`` takes it off).
enum CSV {
  static func field(_ text: String) -> String {
    let value = needsGuard(text.unicodeScalars[...]) ? "'" + text : text
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return value }
    return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  static func unguard(_ cell: String) -> String {
    let scalars = cell.unicodeScalars
    guard scalars.first == "'", needsGuard(scalars.dropFirst()) else { return cell }
    return String(cell.unicodeScalars.dropFirst())
  }

  struct Record: Equatable, Sendable {
    var line: Int
    var fields: [String]
  }

  /// Hands over the records as they are read until `body` returns false; an unclosed quote is last.
  static func forEachRecord(_ text: String, _ body: (Record) -> Bool) -> UnclosedQuote? {
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var recordLine = 1
    var quoteLine = 1
    var inQuotes = false
    var quoteSeen = false  // the last scalar closed a quoted part, or a field was quoted
    var closingQuote = false  // inside quotes, the last scalar was a quote
    func endField() {
      fields.append(String(field))
      field = String.UnicodeScalarView()
      quoteSeen = false
    }
    func endRecord() -> Bool {
      endField()
      defer { fields = [] }
      return body(Record(line: recordLine, fields: fields))
    }
    for scalar in text.unicodeScalars {
      if inQuotes {
        if closingQuote {
          closingQuote = false
          if scalar == "\"" {
            field.append("\"")
            continue
          }
          inQuotes = false
        } else if scalar == "\"" {
          closingQuote = true
          continue
        } else {
          if scalar == "\n" { line += 1 }
          field.append(scalar)
          continue
        }
      }
      switch scalar {
      case "\"" where field.isEmpty && !quoteSeen:
        inQuotes = true
        quoteSeen = true
        quoteLine = line
      case ",": endField()
      case "\r": break
      case "\n":
        guard endRecord() else { return nil }
        line += 1
        recordLine = line
      default: field.append(scalar)
      }
    }
    if inQuotes && !closingQuote { return UnclosedQuote(line: quoteLine) }
    if !field.isEmpty || !fields.isEmpty || quoteSeen { _ = endRecord() }
    return nil
  }

  struct UnclosedQuote: Error, Equatable, Sendable {
    var line: Int
  }

  // A formula character (full-width and small forms too), perhaps behind an earlier guard's quotes,
  // spaces (U+00A0 too), controls (NUL) or invisible format characters (U+FEFF) a spreadsheet skips.
  private static func needsGuard(_ scalars: Substring.UnicodeScalarView) -> Bool {
    for scalar in scalars {
      if "=+-@\t\r＝＋－＠﹦﹢﹣﹫".unicodeScalars.contains(scalar) { return true }
      let properties = scalar.properties
      let invisible =
        properties.isDefaultIgnorableCodePoint || [.format, .control].contains(properties.generalCategory)
      guard scalar == "'" || properties.isWhitespace || invisible else { return false }
    }
    return false
  }
}
