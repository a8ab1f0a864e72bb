/// The name of an option, once for its ``OptionSpec`` and the code reading it
/// (`arguments.has(.yes)`), so a misspelt option is a compile error.
enum OptionKey: String, Hashable, Sendable {
  case squad = "--squad"
  case home = "--home"
  case baseURL = "--base-url"
  case offline = "--offline"
  case timeout = "--timeout"
  case format = "--format"
  case json = "--json"
  case noHeaders = "--no-headers"
  case color = "--color"
  case trace = "--trace"
  case noPager = "--no-pager"
  case quiet = "--quiet"
  case help = "--help"
  case version = "--version"
  case limit = "--limit"
  case offset = "--offset"
  case all = "--all"
  case order = "--order"
  case search = "--search"
  case yes = "--yes"
  case output = "--output"
  case fields = "--fields"
  case replace = "--replace"
  case max = "--max"
  case noMax = "--no-max"
  case force = "--force"
  case skipInvalid = "--skip-invalid"
  case man = "--man"
  case repair = "--repair"
  case at = "--at"

  /// The long name with dashes, e.g. `--limit`.
  var name: String { rawValue }
}
