/// Draws the picker, a pure function of its state.
enum PickScreen {
  static let minimumSize = TerminalSize(width: 40, height: 10)
  static let chromeRows = 5

  static let keys: [(String, String)] = [
    ("type", "filter by name (starts with first, then contains); - . and space alike"),
    ("Backspace / Ctrl-U", "delete a character / clear the filter"),
    ("↑ ↓  Ctrl-P Ctrl-N", "move"),
    ("PgUp PgDn  Home End", "move a page / to the ends"),
    ("Space", "toggle the hero: + recruit, − fire; right after typed text, a space in the filter"),
    ("Enter", "save every pending change"),
    ("Esc  q (empty filter)", "leave (asks first if changes are pending)"),
    ("Ctrl-C", "leave now, changing nothing"),
    ("Ctrl-Z", "suspend to the shell; 'fg' comes back"),
    ("?", "show these keys"),
  ]

  static func frame(_ state: PickFeature.State) -> ScreenFrame { ScreenFrame(size: state.size, lines: lines(state)) }

  static func lines(_ state: PickFeature.State) -> [String] {
    let size = state.size
    let width = size.width - 1
    guard size.fits(minimumSize) else {
      let message =
        "Terminal too small (\(size.width)×\(size.height)); squad pick needs \(minimumSize.width)×\(minimumSize.height). "
        + "q leaves."
      // Wrapped, so as much as fits is read on however narrow a screen.
      let lines = DisplayWidth.wrap(message, to: max(width, 1)).prefix(max(size.height, 0)).map {
        fit($0, max(width, 0))
      }
      return lines + Array(repeating: "", count: max(size.height - lines.count, 0))
    }
    let style = Style(enabled: state.colour)
    if state.mode == .help { return helpScreen(state, width: width, style: style) }
    var lines = [filterLine(state, width: width), style.bold(fit(header(width: width), width))]
    lines += listRows(state, width: width, height: PickFeature.listHeight(size), style: style)
    lines += detailLines(state, width: width)
    lines.append(statusLine(state, width: width, style: style))
    return lines
  }

  private static let idWidth = 8
  private static let comicsWidth = 7

  // A row: cursor, mark and spaces (4 columns), the id, two spaces, the name, two spaces, the comics.
  private static func nameWidth(_ width: Int) -> Int { width - 4 - idWidth - 2 - 2 - comicsWidth }

  private static func header(width: Int) -> String {
    "    " + DisplayWidth.pad("ID", to: idWidth) + "  " + DisplayWidth.pad("NAME", to: nameWidth(width)) + "  "
      + String(repeating: " ", count: comicsWidth - 6) + "COMICS"
  }

  private static func filterLine(_ state: PickFeature.State, width: Int) -> String {
    let count = "\(state.matches.count) of \(state.index.count)"
    let filter = "Filter: " + TextSanitizer.clean(state.filter) + "▏"
    let room = width - DisplayWidth.of(count) - 1
    guard room > 8 else { return fit(filter, width) }
    return DisplayWidth.pad(fitTail(filter, room), to: room) + " " + count
  }

  private static func listRows(_ state: PickFeature.State, width: Int, height: Int, style: Style) -> [String] {
    var rows: [String] = []
    if state.matches.isEmpty, state.mode != .loading {
      rows.append(fit("  No hero matches “\(TextSanitizer.clean(state.filter))”.", width))
    }
    rows += state.matches.indices.dropFirst(state.scroll).prefix(height).map { row in
      state.index.summary(at: state.matches[row]).map {
        heroRow($0, state: state, isCursor: row == state.cursor, width: width, style: style)
      } ?? fit("    (this catalogue record cannot be read)", width)
    }
    while rows.count < height { rows.append("") }
    return rows
  }

  private static func heroRow(_ hero: HeroSummary, state: PickFeature.State, isCursor: Bool, width: Int, style: Style)
    -> String
  {
    let mark =
      switch state.pending.first(where: { $0.hero.id == hero.id })?.kind {
      case .recruit: "+"
      case .fire: "−"
      case nil: state.members.contains(hero.id) ? "*" : " "
      }
    let comics = hero.counts.comics.map(String.init) ?? Table.unknown
    let name = DisplayWidth.pad(
      DisplayWidth.truncate(TextSanitizer.clean(hero.name), to: nameWidth(width)), to: nameWidth(width))
    let id = DisplayWidth.pad(String(hero.id.rawValue), to: idWidth)
    let count = String(repeating: " ", count: max(comicsWidth - comics.count, 0)) + comics
    if isCursor { return style.reversed(fit("> \(mark) \(id)  \(name)  \(count)", width)) }
    let row = fit("  \(mark) \(id)  \(name)  \(count)", width)
    // Coloured after fitting, so the mark's escape bytes never count as columns.
    return "  " + style.mark(mark) + String(row.dropFirst(3))
  }

  static func helpHeight(_ size: TerminalSize) -> Int { max(size.height - 2, 1) }
  private static let keyColumn = 22

  /// A key and what it does on a line where they fit, else what it does wrapped below the key.
  static func helpLines(width: Int) -> [String] {
    keys.flatMap { key, meaning -> [String] in
      if 2 + keyColumn + DisplayWidth.of(meaning) <= width {
        return ["  " + DisplayWidth.pad(key, to: keyColumn) + meaning]
      }
      return ["  " + key] + DisplayWidth.wrap(meaning, to: max(width - 6, 10)).map { "      " + $0 }
    }
  }

  // A title, the keys that fit from the scroll position, and where in them the screen is.
  private static func helpScreen(_ state: PickFeature.State, width: Int, style: Style) -> [String] {
    let all = helpLines(width: width)
    let height = helpHeight(state.size)
    let first = max(0, min(state.helpScroll, all.count - height))
    let shown = Array(all.dropFirst(first).prefix(height))
    var lines = [style.bold(fit("Keys of squad pick", width))] + shown.map { fit($0, width) }
    while lines.count < height + 1 { lines.append("") }
    let range = "\(first + 1)–\(first + shown.count) of \(all.count)"
    let status =
      all.count <= height
      ? "Any key goes back."
      : width >= 60
        ? "Lines \(range) · ↑ ↓ PgUp PgDn scroll · any other key goes back" : "\(range) · ↑↓ scroll · Esc back"
    lines.append(style.bold(fit(status, width)))
    return lines
  }

  private static func detailLines(_ state: PickFeature.State, width: Int) -> [String] {
    guard state.matches.indices.contains(state.cursor), let hero = state.index.hero(at: state.matches[state.cursor])
    else { return ["", ""] }
    let description = TextSanitizer.clean(hero.description).trimmingWhitespace()
    let picture = hero.thumbnail.flatMap { $0.isPlaceholder ? nil : $0.url() }.map(TextSanitizer.clean)
    return [fit(description.isEmpty ? "(no description)" : description, width), fit(picture ?? "(no picture)", width)]
  }

  private static func statusLine(_ state: PickFeature.State, width: Int, style: Style) -> String {
    let recruits = state.pending.count { $0.kind == .recruit }
    let fires = state.pending.count - recruits
    switch state.mode {
    case .confirmingDiscard:
      return style.bold(
        fit("Discard \(Plural.count(state.pending.count, "pending change"))? [y/N]", width))
    case .saving: return fit("Saving…", width)
    case .loading: return fit("Loading heroes…", width)
    default:
      let fill = state.maxMembers.map { "\(state.fill)/\($0) · " } ?? ""
      let counts = (state.squadName.map { "\($0): " } ?? "") + fill + "+\(recruits) to recruit, −\(fires) to fire"
      // A notice comes first: on a narrow screen it matters more than the counts.
      if let notice = state.notice { return style.bold(fit(notice + " · " + counts, width)) }
      return fit(counts + " · Space toggle · Enter save · Esc quit · ? keys", width)
    }
  }

  private static func fit(_ text: String, _ width: Int) -> String { DisplayWidth.truncate(text, to: width) }

  // The end of the filter matters most while typing; cut its start instead.
  private static func fitTail(_ text: String, _ width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    var kept = ""
    var used = 1
    for character in text.reversed() {
      let columns = DisplayWidth.of(String(character))
      if used + columns > width { break }
      kept.insert(character, at: kept.startIndex)
      used += columns
    }
    return "…" + kept
  }

  private struct Style {
    var enabled: Bool
    func bold(_ text: String) -> String { sgr("1", text) }
    func reversed(_ text: String) -> String { sgr("7", text) }
    func mark(_ mark: String) -> String { sgr(["+": "32", "−": "31", "*": "36"][mark], mark) }

    private func sgr(_ code: String?, _ text: String) -> String {
      guard enabled, let code else { return text }
      return "\u{1B}[\(code)m" + text + "\u{1B}[0m"
    }
  }
}
