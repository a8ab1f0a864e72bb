/// Counts in sentences: `1 member`, `3 members`.
enum Plural {
  /// `n member(s)`.
  static func members(_ count: Int) -> String { "\(count) member\(count == 1 ? "" : "s")" }
}
