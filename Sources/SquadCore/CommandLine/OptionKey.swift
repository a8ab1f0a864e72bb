/// The name of an option as code reads it: `arguments.has(.yes)`, `arguments.value(.limit)`.
///
/// Every option is named once, here, and both its ``OptionSpec`` and the code that reads it use
/// the key, so a misspelt option is a compile error rather than a silent "not given".
public struct OptionKey: Hashable, Sendable {
  /// The long name with dashes, e.g. `--limit`.
  public let name: String

  private init(_ name: String) { self.name = name }

  // Global options.
  /// `--squad <name>`
  public static let squad = OptionKey("--squad")
  /// `--home <dir>`
  public static let home = OptionKey("--home")
  /// `--base-url <url>`
  public static let baseURL = OptionKey("--base-url")
  /// `--offline`
  public static let offline = OptionKey("--offline")
  /// `--timeout <seconds>`
  public static let timeout = OptionKey("--timeout")
  /// `--format <format>` (global for listings; `export` has its own)
  public static let format = OptionKey("--format")
  /// `--json`
  public static let json = OptionKey("--json")
  /// `--no-headers`
  public static let noHeaders = OptionKey("--no-headers")
  /// `--color <when>`
  public static let color = OptionKey("--color")
  /// `--trace`
  public static let trace = OptionKey("--trace")
  /// `--quiet`, `-q`
  public static let quiet = OptionKey("--quiet")
  /// `--help`, `-h`
  public static let help = OptionKey("--help")
  /// `--version`
  public static let version = OptionKey("--version")

  // Options of one command.
  /// `heroes --limit <n>`
  public static let limit = OptionKey("--limit")
  /// `heroes --offset <n>`
  public static let offset = OptionKey("--offset")
  /// `heroes --all`
  public static let all = OptionKey("--all")
  /// `heroes --order <order>`
  public static let order = OptionKey("--order")
  /// `heroes --search <text>`
  public static let search = OptionKey("--search")
  /// `fire --yes`, `-y`
  public static let yes = OptionKey("--yes")
  /// `export --output <file>`
  public static let output = OptionKey("--output")
  /// `export --fields <list>`
  public static let fields = OptionKey("--fields")
  /// `import --replace`
  public static let replace = OptionKey("--replace")
  /// `squads create --max <n>`
  public static let max = OptionKey("--max")
  /// `sync --force`
  public static let force = OptionKey("--force")
  /// `help --man`
  public static let man = OptionKey("--man")
  /// `catalogue import --skip-invalid`
  public static let skipInvalid = OptionKey("--skip-invalid")
}
