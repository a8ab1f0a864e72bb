import Foundation
import Testing

@testable import SquadCore

/// One date rule for the squad file, imports and the API: days that do not exist are refused.
@Suite struct CalendarDateTests {
  @Test(arguments: [
    "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z", "2026-04-31", "1900-02-29", "2026-00-10", "2026-01-00",
    "2026-01-01T23:59:60Z", "2026-01-01T10:00:00+25:00", "2026-01-01T10:00:00+05:99", "2026-01-01T10:00:00-2400",
  ])
  func impossibleDatesAreRefused(text: String) {
    #expect(MarvelDate.parse(text) == nil)
  }

  @Test(arguments: [
    "2024-02-29T00:00:00Z", "2000-02-29", "2026-12-31T23:59:59Z", "2026-04-30", "2026-01-01T10:00:00+14:00",
    "2026-01-01T10:00:00-2359",
  ])
  func realDatesAreRead(text: String) {
    #expect(MarvelDate.parse(text) != nil)
  }
}
