/// A man(7) document being written: requests, escaped text, and squad's help layout read back
/// into paragraphs and tagged items, so every text help prints can become roff.
struct Roff {
  private(set) var source = ""
  // A paragraph break is owed once something follows a heading: `.PP` straight after `.SH` or
  // before `.TP` is an empty paragraph, which mandoc -T lint reports.
  private var afterHeading = true

  mutating func request(_ line: String) { source += line + "\n" }

  mutating func heading(_ title: String, sub: Bool = false) {
    let text = Roff.escaped(title)
    request((sub ? ".SS " : ".SH ") + (text.contains(" ") ? "\"\(text)\"" : text))
    afterHeading = true
  }

  /// Lines already escaped, cut to at most 80 bytes.
  mutating func paragraph(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    block(lines.flatMap(Roff.wrapped))
  }

  /// The tag (already formatted) on its own line, the text indented below it.
  mutating func item(_ tag: String, _ lines: [String]) {
    for line in [".TP", tag] + lines.flatMap(Roff.wrapped) { request(line) }
    afterHeading = false
  }

  mutating func example(_ lines: [String]) { block([".RS 4", ".EX"] + lines.map(Roff.escaped) + [".EE", ".RE"]) }

  private mutating func block(_ lines: [String]) {
    for line in (afterHeading ? [] : [".PP"]) + lines { request(line) }
    afterHeading = false
  }

  /// Text laid out as squad's help does (``HelpPrinter/row(_:_:width:)``): rows become tagged
  /// items, `HEADING:` lines subsections, other lines paragraphs.
  mutating func helpText(_ text: String) {
    var prose: [String] = []
    var row: (label: String, text: [String])?
    func flush(_ roff: inout Roff) {
      roff.paragraph(prose)
      prose = []
      if let current = row { roff.item(Roff.bold(current.label), current.text.map(Roff.escaped)) }
      row = nil
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let trimmed = line.trimmingWhitespace()
      let columns = Array(line)
      let firstWord = trimmed.prefix { $0 != " " && $0 != ":" }
      if trimmed.isEmpty {
        flush(&self)
      } else if columns[0] != " ", trimmed.hasSuffix(":"), firstWord.count > 1, firstWord == firstWord.uppercased() {
        flush(&self)
        heading(String(trimmed.dropLast()), sub: true)
      } else if row != nil, columns.count > 26, columns[..<26].allSatisfy({ $0 == " " }) {
        row?.text.append(trimmed)
      } else if columns.count > 26, columns[0] == " ", columns[1] == " ", columns[2] != " ", columns[24] == " ",
        columns[25] == " ", columns[26] != " "
      {
        flush(&self)
        row = (String(columns[2..<24]).trimmingWhitespace(), [String(columns[26...])])
      } else {
        if row != nil { flush(&self) }
        prose.append(Roff.escaped(trimmed))
      }
    }
    flush(&self)
  }

  /// Text made safe for a roff text line: controls removed, `\`, `-` and `"` escaped, non-ASCII
  /// as `\[uXXXX]`, and a leading `.` or `'` kept from being read as a request.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in TextSanitizer.clean(text).unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case "\"": out += "\\(dq"
      case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
  }

  /// A usage or label as typed: `<placeholders>` in italics, words in bold, brackets, bars and
  /// spaces plain, as man pages show them: `--limit <n>` → `\fB\-\-limit\fR \fIn\fR`.
  static func bold(_ text: String) -> String {
    var out = ""
    var word = ""
    func close(_ font: String) {
      // `\&` after a final period: "..." must not end a sentence, which roff follows with two spaces.
      if !word.isEmpty { out += "\\f\(font)" + escaped(word) + (word.hasSuffix(".") ? "\\&" : "") + "\\fR" }
      word = ""
    }
    for character in text {
      switch character {
      case "<": close("B")
      case ">": close("I")
      case " ", "[", "]", "|":
        close("B")
        out.append(character)
      default: word.append(character)
      }
    }
    close("B")
    return out
  }

  /// A text line cut at spaces into lines of at most 80 bytes (longer ones are hard to diff and
  /// mandoc -T lint reports them); roff fills them back into one paragraph.
  private static func wrapped(_ line: String) -> [String] {
    guard line.utf8.count > 80, !line.hasPrefix(".") else { return [line] }
    // The text is escaped to ASCII, so its width is its length in bytes.
    return DisplayWidth.wrap(line, to: 78).map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
  }
}
