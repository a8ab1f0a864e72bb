/// Counts in sentences: `1 member`, `3 members`, `1,564 heroes`. Every message that puts a count
/// before a noun goes through here, so none says "1 events".
enum Plural {
  /// The count, grouped (`1,564`), and the noun that fits it: `plural`, else the noun and an s.
  static func count(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    Grouped.format(count) + " " + (count == 1 ? noun : plural ?? noun + "s")
  }

  static func members(_ count: Int) -> String { Self.count(count, "member") }
  static func heroes(_ count: Int) -> String { Self.count(count, "hero", "heroes") }

  /// A squad and what it holds, for questions and reports: "the squad 'team' and its 3 members",
  /// "the empty squad 'team'", or "the squad 'team'" when its members cannot be counted.
  static func squad(_ name: SquadName, members: Int?) -> String {
    switch members {
    case 0: return "the empty squad '\(name)'"
    case let count?: return "the squad '\(name)' and its \(Self.members(count))"
    case nil: return "the squad '\(name)'"
    }
  }
}
