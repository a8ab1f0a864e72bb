enum Key: Hashable, Sendable {
  case text(Character)
  case space, enter, escape, backspace, tab, delete
  case up, down, left, right, pageUp, pageDown, home, end
  case control(Character)
  case alt(Character)
  case unknown
}
