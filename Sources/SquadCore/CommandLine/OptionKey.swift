/// The name of an option as code reads it: `arguments.has(.yes)`, `arguments.value(.limit)`.
///
/// Every option is named once, here, and both its ``OptionSpec`` and the code that reads it use
/// the key, so a misspelt option is a compile error rather than a silent "not given". The global
/// options come first (``CommandRegistry/globalOptions``), then those of one command or more.
public enum OptionKey: String, Hashable, Sendable {
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
  public var name: String { rawValue }
}
