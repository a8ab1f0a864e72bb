/// The most bytes squad reads from one input, so none can exhaust memory or time (docs/LIMITS.md).
enum InputLimit {
  /// `squad.json`: a squad of thousands of members is well under 1 MiB.
  static let squadFile = 16 << 20
  /// A squad's `history.jsonl`, trimmed to a quarter of this once it passes half.
  static let historyFile = 64 << 20
  /// One import file or standard input.
  static let importFile = 16 << 20
  /// One file of `squad catalogue import`, parsed whole.
  static let catalogueImportFile = 64 << 20
  /// `config.json`: a handful of settings.
  static let configFile = 1 << 20
  /// A file squad keeps for itself and maps or reads whole (the catalogue, cached responses).
  static let mappedFile = 256 << 20

  /// `16 MiB`.
  static func describe(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
