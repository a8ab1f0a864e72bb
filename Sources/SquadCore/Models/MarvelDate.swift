import Foundation

/// The one rule for a date written as text: Marvel's timestamps (`yyyy-MM-dd'T'HH:mm:ssZ`, offsets like
/// `-0400`) and squad's own ISO 8601 dates. Hand-written: Foundation's ISO 8601 parser rolls impossible
/// dates over (`2026-02-30` becomes 2 March), takes offsets such as `+05:99` and does not read a bare
/// `2014-04-29`; its formatter turns Julian before 15 October 1582 (squad keeps the proleptic Gregorian).
enum MarvelDate {
  /// Marvel's way of saying "never recorded": `1969-12-31T19:00:00-0500`, the Unix epoch.
  static let unknownMarker = Date(timeIntervalSince1970: 0)

  /// `2014-04-29T14:18:17-0400`, `…+00:00`, `…Z` or a bare `2014-04-29`; nil when malformed, out of
  /// the years 0000–9999 in UTC, or impossible (`2026-02-30`, `23:59:60`, an offset of `+05:99`).
  static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parse)
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    func number(_ start: Int, _ count: Int) -> Int? {
      guard start + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[start..<start + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    guard let year = number(0, 4), bytes.count >= 10, bytes[4] == 45, bytes[7] == 45,
      let month = number(5, 2), let day = number(8, 2), (1...12).contains(month), day >= 1,
      day <= daysIn(month: month, year: year)
    else { return nil }
    var seconds = daysFromCivil(year: year, month: month, day: day) * 86_400
    guard bytes.count > 10 else { return sayable(seconds: seconds) }
    guard bytes.count >= 19, bytes[10] == 84, let hour = number(11, 2), let minute = number(14, 2),
      // A leap second (:60) is refused: a Date cannot hold it, and rolling it over stores a time nobody wrote.
      let second = number(17, 2), hour < 24, minute < 60, second < 60
    else { return nil }
    seconds += hour * 3600 + minute * 60 + second
    var index = 19
    if index < bytes.count, bytes[index] == 46 {  // fractional seconds are ignored
      index += 1
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
    }
    guard index < bytes.count else { return sayable(seconds: seconds) }
    if bytes[index] == 90, index == bytes.count - 1 { return sayable(seconds: seconds) }
    guard bytes[index] == 43 || bytes[index] == 45, let offsetHours = number(index + 1, 2) else { return nil }
    var minuteStart = index + 3
    if minuteStart < bytes.count, bytes[minuteStart] == 58 { minuteStart += 1 }
    // Offsets are hours 00–23 and minutes 00–59, as ISO 8601 has them: "+05:99" is refused.
    guard let offsetMinutes = number(minuteStart, 2), minuteStart + 2 == bytes.count, offsetHours < 24,
      offsetMinutes < 60
    else { return nil }
    let offset = (offsetHours * 3600 + offsetMinutes * 60) * (bytes[index] == 45 ? -1 : 1)
    return sayable(seconds: seconds - offset)
  }

  /// A parsed date, when its UTC form is one text dates can say (years 0000 to 9999): squad writes
  /// dates in UTC, and `9999-12-31T23:59:59-05:00` would come back as year 10000, which no reader takes.
  private static func sayable(seconds: Int) -> Date? {
    (-62_167_219_200...253_402_300_799).contains(seconds) ? Date(timeIntervalSince1970: TimeInterval(seconds)) : nil
  }

  /// Whole seconds since 1970 (squad's own formats); nil outside the years 1 to 9999, so no
  /// number from a file becomes a date that traps when it is written back.
  static func seconds(_ value: Int) -> Date? {
    (-62_135_596_800...253_402_300_799).contains(value) ? Date(timeIntervalSince1970: Double(value)) : nil
  }

  /// A date from Marvel's data: nil when missing, not a date, or one of Marvel's ways of saying
  /// "never recorded" (year -1, as in `-0001-11-30T00:00:00-0500`, or the epoch).
  static func known(_ text: String) -> Date? {
    guard !text.hasPrefix("-"), let date = parse(text), date != unknownMarker else { return nil }
    return date
  }

  /// `2026-11-22T07:55:00Z`, the form of squad's own text dates; fractions of a second are dropped.
  static func iso8601(_ date: Date) -> String { text(date, withTime: true) }
  /// The day in UTC, as `2014-04-29`.
  static func day(_ date: Date) -> String { text(date, withTime: false) }

  // Written as bytes: joining a dozen small strings cost a listing 9,000 instructions a date.
  private static func text(_ date: Date, withTime: Bool) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    // Howard Hinnant's civil_from_days, the inverse of daysFromCivil below.
    let z = seconds.floorDivided(by: 86_400) + 719_468
    let era = z.floorDivided(by: 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let time = seconds - seconds.floorDivided(by: 86_400) * 86_400
    var bytes: [UInt8] = year < 0 ? [UInt8(ascii: "-")] : []
    bytes.reserveCapacity(21)
    func append(_ value: Int, _ width: Int, _ separator: Unicode.Scalar?) {
      if let separator { bytes.append(UInt8(ascii: separator)) }
      let start = bytes.count
      var rest = value
      repeat {
        bytes.insert(UInt8(48 + rest % 10), at: start)
        rest /= 10
      } while rest > 0 || bytes.count - start < width
    }
    append(abs(year), 4, nil)
    append(month, 2, "-")
    append(day, 2, "-")
    if withTime {
      append(time / 3600, 2, "T")
      append(time / 60 % 60, 2, ":")
      append(time % 60, 2, ":")
      bytes.append(UInt8(ascii: "Z"))
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Howard Hinnant's civil-calendar algorithm: exact for the proleptic Gregorian calendar.
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = y.floorDivided(by: 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension Int {
  fileprivate func floorDivided(by divisor: Int) -> Int { (self >= 0 ? self : self - divisor + 1) / divisor }
}
