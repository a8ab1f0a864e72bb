/// The formats `squad export` writes (docs/EXPORT.md): the squad file schema plus `squad`,
/// `exportedAt` and `attribution`; a member object per line; RFC 4180 with a header row and
/// formula-looking cells defused; TSV without a header; a Markdown page (the squad's name as a
/// heading, a GitHub-flavoured table, Marvel's attribution).
enum ExportFormat: String, CaseIterable, Sendable {
  case json, jsonl, csv, tsv, markdown

  /// The fields it holds unless `--fields` says otherwise: a page a fan would paste for Markdown.
  var fields: [MemberField] { self == .markdown ? [.name, .comics, .series, .stories, .events] : MemberField.stored }

  /// The format a file extension names (`csv`, `md`, …); nil for any other.
  init?(extension name: String) { self.init(rawValue: name == "md" ? "markdown" : name) }
}
