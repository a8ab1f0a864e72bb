/// The most bytes squad reads from one input, so that no file or stream, however large or
/// endless, can exhaust memory or time. Documented in docs/LIMITS.md.
public enum InputLimit {
  /// `squad.json`: a squad of thousands of members is well under 1 MiB.
  public static let squadFile = 16 << 20
  /// A squad's `history.jsonl`: at most ``HistoryFile/bound`` entries, and trimmed to a quarter
  /// of this once it passes half, so even an entry replacing one 16 MiB squad by another fits.
  public static let historyFile = 64 << 20
  /// One import file or standard input.
  public static let importFile = 16 << 20
  /// One file of `squad catalogue import`: archived pages are a few hundred KiB, whole dumps a
  /// few tens of MiB. A file is parsed whole, so this bounds what one file can take.
  public static let catalogueImportFile = 64 << 20
  /// `config.json`: a handful of settings.
  public static let configFile = 1 << 20
  /// A file squad keeps for itself and maps or reads whole (the catalogue, cached responses):
  /// the full Marvel catalogue is a few MiB.
  public static let mappedFile = 256 << 20

  /// `16 MiB`.
  static func describe(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
