/// A terminal's size in character cells.
struct TerminalSize: Hashable, Sendable {
  /// Columns.
  var width: Int
  /// Rows.
  var height: Int

  /// Whether a screen of this size holds one of `minimum` size.
  func fits(_ minimum: TerminalSize) -> Bool { width >= minimum.width && height >= minimum.height }
}
