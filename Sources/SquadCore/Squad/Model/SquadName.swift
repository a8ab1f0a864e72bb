/// The name of a squad: 1 to 32 characters of `a`–`z`, `0`–`9`, `-` and `_`, starting with a
/// letter or digit, kept in lowercase, so always a plain file-name component; `default` is `squad.json`.
struct SquadName: Hashable, Sendable, Comparable, CustomStringConvertible {
  let value: String
  static let maxLength = 32
  static let `default` = SquadName(checked: "default")
  private init(checked value: String) { self.value = value }
  var isDefault: Bool { self == .default }
  var description: String { value }

  /// How messages name it: "the squad" for the default squad, its name for a named one.
  var spoken: String { isDefault ? "the squad" : value }

  /// " into avengers" (with `preposition`) for a named squad, nothing for the default squad.
  func place(_ preposition: String) -> String { isDefault ? "" : " \(preposition) \(value)" }

  static func < (lhs: SquadName, rhs: SquadName) -> Bool {
    // The default squad first, then by name.
    if lhs.isDefault != rhs.isDefault { return lhs.isDefault }
    return lhs.value < rhs.value
  }

  static func parse(_ text: String) -> Result<SquadName, SquadNameError> {
    let lowered = String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }))
    guard !lowered.isEmpty, lowered.unicodeScalars.count <= maxLength else {
      return .failure(SquadNameError(text: text, problem: "a squad name has 1 to \(maxLength) characters"))
    }
    let allowed = lowered.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
    }
    guard allowed else {
      return .failure(
        SquadNameError(text: text, problem: "a squad name may hold only letters a-z, digits, '-' and '_'"))
    }
    guard let first = lowered.unicodeScalars.first, ("a"..."z").contains(first) || ("0"..."9").contains(first) else {
      return .failure(SquadNameError(text: text, problem: "a squad name starts with a letter or a digit"))
    }
    return .success(SquadName(checked: lowered))
  }
}

struct SquadNameError: Error, Equatable, Sendable, CustomStringConvertible {
  var text: String
  var problem: String

  var description: String {
    "'\(TextSanitizer.clean(text))' is not a squad name: \(problem) (see 'squad help squads')."
  }
}
