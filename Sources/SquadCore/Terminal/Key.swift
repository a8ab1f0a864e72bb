enum Key: Hashable, Sendable {
  case text(Character)
  case space, enter, escape, backspace, tab, delete
  case up, down, left, right, pageUp, pageDown, home, end
  /// Control plus a letter, lower case: `.control("c")` is Ctrl-C.
  case control(Character)
  case alt(Character)
  /// A sequence squad does not use (function keys, mouse reports).
  case unknown
}
