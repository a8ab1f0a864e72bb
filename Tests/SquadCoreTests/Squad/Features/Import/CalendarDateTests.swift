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

  // Read, they would be written back in UTC as a year no reader takes (10000, -0001).
  @Test(arguments: ["9999-12-31T23:59:59-05:00", "0000-01-01T00:00:00+05:30"])
  func datesAnOffsetTakesOutOfTheYears0000To9999AreRefused(text: String) {
    #expect(MarvelDate.parse(text) == nil)
  }

  @Test(arguments: [
    "2024-02-29T00:00:00Z", "2000-02-29", "2026-12-31T23:59:59Z", "2026-04-30", "2026-01-01T10:00:00+14:00",
    "2026-01-01T10:00:00-2359",
  ])
  func realDatesAreRead(text: String) {
    #expect(MarvelDate.parse(text) != nil)
  }

  // Foundation's formatter turned Julian before 15 October 1582 and printed these 2–10 days off.
  @Test(arguments: [
    "0001-01-01T00:00:00Z", "0300-02-28T12:00:00Z", "1000-03-01T12:34:56Z", "1582-10-04T23:59:59Z",
    "1582-10-15T00:00:00Z", "1969-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "2024-02-29T07:05:09Z",
    "9999-12-31T23:59:59Z",
  ])
  func datesAreWrittenAsTheyAreReadInTheProlepticGregorianCalendar(text: String) throws {
    let date = try #require(MarvelDate.parse(text))
    #expect(MarvelDate.iso8601(date) == text)
    #expect(MarvelDate.day(date) == String(text.prefix(10)))
    #expect(MarvelDate.iso8601(date.addingTimeInterval(0.75)) == text)
  }
}
