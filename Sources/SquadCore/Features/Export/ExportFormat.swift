import Foundation

/// The formats `squad export` writes.
enum ExportFormat: String, CaseIterable, Sendable {
  /// The squad file schema plus `squad`, `exportedAt` and `attribution`, indented, stable key order.
  case json
  /// One member object per line.
  case jsonl
  /// RFC 4180 with a header row; formula-looking cells are defused.
  case csv
  /// Tab-separated values without a header, like every TSV squad prints.
  case tsv
  /// A page: the squad's name as a heading, a GitHub-flavoured table, Marvel's attribution.
  case markdown

  /// The fields it holds unless `--fields` says otherwise: a page a fan would paste for Markdown.
  var fields: [MemberField] { self == .markdown ? [.name, .comics, .series, .stories, .events] : MemberField.stored }

  /// The format a file extension names (`csv`, `md`, …); nil for any other.
  init?(extension name: String) {
    guard let format = name == "md" ? .markdown : ExportFormat(rawValue: name) else { return nil }
    self = format
  }
}
