import Foundation

enum RelativeTime {
  /// In the largest whole unit; "in the future" a second or more after `now`, as git says it.
  static func describe(_ date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date))
    guard seconds >= 0 else { return "in the future" }
    let units: [(Int, String)] = [(86_400, "day"), (3600, "hour"), (60, "minute")]
    for (size, name) in units where seconds >= size {
      let count = seconds / size
      return "\(count) \(name)\(count == 1 ? "" : "s") ago"
    }
    return "just now"
  }
}
