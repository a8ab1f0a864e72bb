import Foundation
import Testing

@testable import SquadCore

/// The ages shown on a terminal (`history`, `squads`, the catalogue's last update).
@Suite struct RelativeTimeTests {
  private let now = Date(timeIntervalSince1970: 1_800_000_000)

  @Test(
    arguments: [
      (0, "just now"), (0.5, "just now"), (59, "just now"), (60, "1 minute ago"), (7_200, "2 hours ago"),
      (259_200, "3 days ago"),
    ] as [(Double, String)])
  func aPastDateIsTheLargestWholeUnitAgo(secondsAgo: Double, shown: String) {
    #expect(RelativeTime.describe(now.addingTimeInterval(-secondsAgo), now: now) == shown)
  }

  /// A change recorded by a clock that was ahead (skew, a machine moved between time zones by hand).
  @Test(arguments: [1.0, 90, 86_400 * 400] as [Double])
  func aDateAfterNowIsInTheFutureNotJustNow(secondsAhead: Double) {
    #expect(RelativeTime.describe(now.addingTimeInterval(secondsAhead), now: now) == "in the future")
  }
}
