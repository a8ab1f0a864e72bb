import Foundation

extension KeyedDecodingContainer {
  /// An `Int` field; a number that is valid JSON but no `Int` (`150.5`, 23 digits) is reported at
  /// its field, saying why, rather than as JSON that did not parse.
  func decodeWholeNumber(forKey key: Key) throws -> Int {
    do {
      return try decode(Int.self, forKey: key)
    } catch {
      guard let number = try? decode(Double.self, forKey: key) else { throw error }
      let why = number.rounded() == number ? "is too large for a whole number squad can use" : "is not a whole number"
      throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(Self.shown(number)) \(why)")
    }
  }

  private static func shown(_ number: Double) -> String {
    abs(number) < 1e15 ? String(number) : String(format: "%.3g", number)
  }

  /// ``decodeWholeNumber(forKey:)`` for a field that may be missing.
  func decodeWholeNumberIfPresent(forKey key: Key) throws -> Int? {
    guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
    return try decodeWholeNumber(forKey: key)
  }
}
