enum ProgressBar {
  static func render(done: Int, of total: Int, width: Int = 20) -> String {
    let filled = total > 0 ? min(width, done * width / total) : 0
    return "[" + String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled) + "]"
  }
}
