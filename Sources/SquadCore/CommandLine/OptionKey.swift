/// The name of an option, once for its ``OptionSpec`` and the code reading it
/// (`arguments.has(.yes)`), so a misspelt option is a compile error.
enum OptionKey: String, Hashable, Sendable {
  case squad, home, offline, timeout, format, json, color, trace, quiet, help, version
  case limit, offset, all, order, search, yes, output, fields, replace, max, force, man, repair, at
  case baseURL = "base-url"
  case noHeaders = "no-headers"
  case noPager = "no-pager"
  case noMax = "no-max"
  case skipInvalid = "skip-invalid"
  var name: String { "--" + rawValue }
}
