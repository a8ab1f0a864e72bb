/// The most bytes squad reads from one input, so none can exhaust memory or time (docs/LIMITS.md).
enum InputLimit {
  static let squadFile = 16 << 20
  static let historyFile = 64 << 20
  static let importFile = 16 << 20
  static let catalogueImportFile = 64 << 20
  static let configFile = 1 << 20
  /// A file squad keeps for itself and maps or reads whole (the catalogue, cached responses).
  static let mappedFile = 256 << 20

  static func describe(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
