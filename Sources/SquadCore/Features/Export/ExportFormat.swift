import Foundation

/// The formats `squad export` writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// The squad file schema plus `exportedAt` and `attribution`, indented, stable key order.
  case json
  /// One member object per line.
  case jsonl
  /// RFC 4180 with a header row; formula-looking cells are defused.
  case csv
  /// Tab-separated values without a header, like every TSV squad prints.
  case tsv
  /// A GitHub-flavoured Markdown table followed by Marvel's attribution.
  case markdown

  /// The format a file extension names (`csv`, `md`, …); nil for any other.
  public init?(extension name: String) {
    guard let format = name == "md" ? .markdown : ExportFormat(rawValue: name) else { return nil }
    self = format
  }
}
