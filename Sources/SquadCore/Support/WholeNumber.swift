import Foundation

/// The one rule for a whole number squad reads from outside (an API answer, an archived file, an
/// export, its own files): a JSON number that is whole and fits in `Int`, or a string of 1 to 18
/// plain digits, as Marvel's derived lists and CSV cells write numbers (`"+5"`, `" 5"` and `"5e6"`
/// are not). A number that is valid JSON but no `Int` is named at its field, saying why, rather
/// than reported as JSON that did not parse.
struct WholeNumber: Decodable {
  var value: Int

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      value = number
    } else if let text = try? container.decode(String.self) {
      guard let number = Self.parse(text) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: Self.notANumber(text))
      }
      value = number
    } else {
      let problem = (try? container.decode(Double.self)).map { Self.problem($0) } ?? "expected a whole number"
      throw DecodingError.dataCorruptedError(in: container, debugDescription: problem)
    }
  }

  /// The value of a string of 1 to 18 plain digits; nil for anything else.
  static func parse(_ text: some StringProtocol) -> Int? {
    guard (1...18).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return Int(text)
  }

  /// Only a whole value past `Int`'s range is too large; one written as a fraction or with an
  /// exponent (`1000.0`, `1e3`) is not a whole number written plainly.
  static func problem(_ number: Double, written: String? = nil) -> String {
    let shown =
      written.map(TextSnippet.quote)
      ?? (abs(number) < 1e15 ? String(number) : String(format: "%.3g", number))
    return number.rounded() == number && abs(number) >= 0x1p63
      ? "\(shown) is too large for a whole number squad can use" : "expected a whole number, found \(shown)"
  }

  static func notANumber(_ text: String) -> String { "expected a whole number, found '\(TextSnippet.quote(text))'" }
}

extension KeyedDecodingContainer {
  /// A whole number field (``WholeNumber``), and one that may be missing or null.
  func wholeNumber(_ key: Key) throws -> Int { try decode(WholeNumber.self, forKey: key).value }
  func wholeNumberIfPresent(_ key: Key) throws -> Int? { try decodeIfPresent(WholeNumber.self, forKey: key)?.value }
}

extension JSONReader {
  /// A whole number by the same rule, nil for `null`, or (the value passed over) what is wrong with it.
  mutating func wholeNumber() throws(Failure) -> Result<Int?, Unfit> {
    if skipNull() { return .success(nil) }
    if let number = try? int() { return .success(number) }
    if let text = try? string() {
      return WholeNumber.parse(text).map { .success($0) } ?? .failure(Unfit(message: WholeNumber.notANumber(text)))
    }
    let start = offset
    let number = try skipValueGivingNumber()
    let written = text(since: start).trimmingCharacters(in: .whitespacesAndNewlines)
    return .failure(
      Unfit(message: number.map { WholeNumber.problem($0, written: written) } ?? "expected a whole number"))
  }
}
