import Foundation

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
