/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// Whether a screen of this size holds one of `minimum` size.
  public func fits(_ minimum: TerminalSize) -> Bool { width >= minimum.width && height >= minimum.height }
}
