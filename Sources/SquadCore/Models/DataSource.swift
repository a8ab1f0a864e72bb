import Foundation

/// Where an answer came from, so the CLI can say so (notices) and credit Marvel (attribution).
enum DataSource: Hashable, Sendable {
  /// The local catalogue, because no API keys are configured or `--offline` was given.
  case catalogue(reason: LocalReason, updatedAt: Date?)
  /// The Marvel API, fresh or from its cache; carries Marvel's attribution text.
  case api(attribution: String)
  /// The local catalogue, because the API could not answer; `problem` says why.
  case fallback(problem: String, updatedAt: Date?)
  /// The squad file itself: a member named on the command line (`fire`).
  case squad

  /// Why the local catalogue answered without asking the API.
  enum LocalReason: Hashable, Sendable {
    /// No `MARVEL_PUBLIC_KEY`/`MARVEL_PRIVATE_KEY` configured.
    case noKeys
    /// `--offline` was given.
    case offline
    /// Keys are set, but the API cannot do what was asked (``HeroQuery/apiCannot``).
    case apiCannot(String)
    /// The API says it has no such hero, and the local catalogue has one (an imported archive's,
    /// data that cannot be fetched again).
    case apiDoesNotKnow
  }

  /// Marvel's attribution line: from the API when it answered, the standard line otherwise.
  var attribution: String {
    if case .api(let text) = self, !text.isEmpty { return text }
    return DataSource.standardAttribution
  }

  /// The attribution Marvel's terms ask for wherever its data is shown.
  static let standardAttribution = "Data provided by Marvel. © MARVEL"
}

extension DataSource {
  /// Whether the local catalogue answered because the API could not.
  var isFallback: Bool {
    if case .fallback = self { return true }
    return false
  }
}
