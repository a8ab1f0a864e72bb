struct TerminalSize: Hashable, Sendable {
  var width: Int
  var height: Int
  func fits(_ minimum: TerminalSize) -> Bool { width >= minimum.width && height >= minimum.height }
}
