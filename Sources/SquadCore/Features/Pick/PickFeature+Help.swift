extension PickFeature {
  /// A key while the keys are shown: arrows, pages, Home and End scroll them when they do not all
  /// fit; any other key (any key at all when they fit) goes back to the list.
  static func help(_ state: inout State, _ key: Key) -> [Effect] {
    let page = max(PickScreen.helpHeight(state.size), 1)
    guard PickScreen.helpLines(width: state.size.width - 1).count > page else {
      state.mode = .browsing
      return redraw(state)
    }
    switch key {
    case .up, .control("p"): scrollHelp(&state, to: state.helpScroll - 1)
    case .down, .control("n"): scrollHelp(&state, to: state.helpScroll + 1)
    case .pageUp, .control("b"): scrollHelp(&state, to: state.helpScroll - page)
    case .pageDown, .control("f"), .space: scrollHelp(&state, to: state.helpScroll + page)
    case .home: scrollHelp(&state, to: 0)
    case .end: scrollHelp(&state, to: Int.max / 2)
    default:
      // A notice that came while the keys were shown is still unread: it stays until the next key.
      state.mode = .browsing
    }
    return redraw(state)
  }

  /// Scrolls the keys to `line`, never past the last screenful.
  static func scrollHelp(_ state: inout State, to line: Int) {
    let last = PickScreen.helpLines(width: state.size.width - 1).count - PickScreen.helpHeight(state.size)
    state.helpScroll = max(0, min(line, last))
  }
}
