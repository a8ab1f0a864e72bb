/// Only rows that differ are rewritten; a new size repaints all, as the terminal may have reflowed.
struct ScreenDiffer: Sendable {
  private var shown: ScreenFrame?

  mutating func update(to frame: ScreenFrame) -> String {
    var output = ""
    let previous = shown?.size == frame.size ? shown : nil
    if previous == nil { output += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
    for (row, line) in frame.lines.enumerated() {
      let old = previous.flatMap { row < $0.lines.count ? $0.lines[row] : nil }
      if old == line || (old == nil && line.isEmpty) { continue }
      output += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[K"
    }
    shown = frame
    return output
  }

  mutating func invalidate() { shown = nil }
}
