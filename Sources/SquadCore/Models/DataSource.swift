import Foundation

/// Where an answer came from, so the CLI can say so (notices) and credit Marvel (attribution).
enum DataSource: Hashable, Sendable {
  /// The local catalogue, because no API keys are configured or `--offline` was given.
  case catalogue(reason: LocalReason, updatedAt: Date?)
  case api(attribution: String)
  /// The local catalogue, because the API could not answer; `problem` says why.
  case fallback(problem: String, updatedAt: Date?)
  /// The squad file itself: a member named on the command line (`fire`).
  case squad

  enum LocalReason: Hashable, Sendable {
    case noKeys
    case offline
    /// The API cannot do what was asked (``HeroQuery/apiCannot``).
    case apiCannot(String)
    /// The API has no such hero, and the local catalogue has one (an imported archive's, not fetchable again).
    case apiDoesNotKnow
  }

  /// Marvel's attribution line: from the API when it answered, the standard line otherwise.
  var attribution: String {
    if case .api(let text) = self, !text.isEmpty { return text }
    return DataSource.standardAttribution
  }

  /// The attribution Marvel's terms ask for wherever its data is shown.
  static let standardAttribution = "Data provided by Marvel. © MARVEL"

  var isFallback: Bool {
    if case .fallback = self { return true }
    return false
  }
}
