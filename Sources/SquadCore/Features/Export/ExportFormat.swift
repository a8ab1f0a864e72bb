/// The formats `squad export` writes (docs/EXPORT.md).
enum ExportFormat: String, CaseIterable, Sendable {
  case json, jsonl, csv, tsv, markdown
  /// The fields it holds unless `--fields` says otherwise: a page a fan would paste for Markdown.
  var fields: [MemberField] { self == .markdown ? [.name, .comics, .series, .stories, .events] : MemberField.stored }
  init?(extension name: String) { self.init(rawValue: name == "md" ? "markdown" : name) }
}
