/// squad's exit codes, as documented in `squad help exit-codes`.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Success, including empty results and idempotent no-ops.
  case success = 0
  /// Runtime failure: network after retries with no fallback, API 5xx, file system, a squad
  /// that does not exist (or already does).
  case failure = 1
  /// Hero not found, or a name that matches several heroes.
  case notFound = 3
  /// Credentials missing where required, or rejected by the API.
  case credentials = 4
  /// Usage error: unknown command or option, bad value, missing `--yes`.
  case usage = 64
  /// Invalid data: corrupt squad file, bad import file, undecodable API response.
  case invalidData = 65
  /// Interrupted (Ctrl-C) before the change was saved: nothing changed, nothing half-written.
  case interrupted = 130

  /// The one-line meaning shown in help.
  var meaning: String {
    switch self {
    case .success: return "Success, including empty results and idempotent no-ops."
    case .failure:
      return "Runtime failure: network after retries with no fallback, API 5xx, file system, no such squad."
    case .notFound: return "Hero not found, or a name that matches several heroes."
    case .credentials: return "Credentials missing where required, or rejected by the API."
    case .usage: return "Usage error: unknown command or option, bad value, missing --yes."
    case .invalidData: return "Invalid data: corrupt squad file, bad import file, undecodable API response."
    case .interrupted:
      return "Interrupted (Ctrl-C) before the change was saved: nothing changed, nothing half-written."
    }
  }
}
