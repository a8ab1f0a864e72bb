/// One key the user pressed, decoded from the bytes the terminal sent.
enum Key: Hashable, Sendable {
  /// A printable character (letters, digits, punctuation, any script).
  case text(Character)
  case space, enter, escape, backspace, tab, delete
  case up, down, left, right, pageUp, pageDown, home, end
  /// Control plus a letter, lower case: `.control("c")` is Ctrl-C.
  case control(Character)
  /// Alt (Meta) plus a key, sent as Escape then the key.
  case alt(Character)
  /// A sequence squad does not use (function keys, mouse reports).
  case unknown
}
