import SquadCore

/// The words argument vectors are built from: squad's own commands and options (read from its
/// registry, so new ones are fuzzed without touching this file) and values chosen to hit edges.
/// Every path-like word is a plain name inside the sandbox.
enum ArgvVocabulary {
  static let commands = CommandRegistry.commands.map(\.name) + ["heroe", "recruits", "HELP", "", "-", "--"]

  static let options: [OptionSpec] =
    CommandRegistry.globalOptions + CommandRegistry.allCommands.flatMap(\.options)

  /// Heroes the bundled catalogue knows, by id and by name.
  static let knownHeroes = [
    "1009610", "1009351", "1009368", "1009718", "hulk", "Thor", "iron man", "spider-man", "wolv",
  ]

  static let heroes = [
    "1009610", "1009351", "1009368", "1011334", "0", "-1", "007", "99999999999999999999", "9223372036854775807", "hulk",
    "Hulk", "HULK", "spider", "spider-man", "Spider-Man (Peter Parker)", "thor", "captain america", "a", "x", "ñandú",
    "Araña", "😀", "\u{202E}evil", "\u{1B}[31mred", "\u{1B}]0;title\u{07}", "tab\there", "new\nline", " ", "",
    String(repeating: "a", count: 4000), String(repeating: "ü", count: 300),
  ]

  static let numbers = [
    "0", "1", "-1", "2", "20", "99", "100", "101", "1000", "1e3", "0x10", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "nan", "inf", "-inf", "1.5", "0.001", "", " 5", "5 ", "١٢",
  ]

  /// Names of files and folders the sandbox holds (or deliberately lacks).
  static let paths = [
    "imp-good.json", "imp-good.csv", "imp-good.jsonl", "imp-bad.json", "imp-nested.json", "imp-dupes.csv",
    "imp-empty.json", "out.json", "out.csv", "out.md", "missing.json", "home-a", "home-b", "-", ".", "",
  ]

  static let free = [
    "json", "jsonl", "csv", "tsv", "markdown", "table", "xml", "id,name", "id,,name", "name,id,thumbnail,recruitedAt",
    "bogus", "auto", "always", "never", "bash", "zsh", "fish", "pwsh", "environment", "exit-codes", "formatting",
    "name",
    "-name", "modified", "-modified", "http://127.0.0.1:1/v1/public", "https://gateway.marvel.com/v1/public",
    "not a url", "ftp://x", "http://", "=", "--", "-q", "-h", "-qh", "--no-such-option", "create", "rename", "delete",
    "avengers", "default", "Xmen", "../escape", "a/b", "/etc/x", "-dash", "a\u{1B}b",
  ]

  /// Any word at all.
  static var all: [String] {
    commands + options.map(\.name) + options.compactMap(\.short) + heroes + numbers + paths + free
  }

  /// Values an option takes well: its choices, small numbers, sandbox files; nil for free text.
  static func goodValues(for option: OptionSpec) -> [String]? {
    if !option.choices.isEmpty { return option.choices }
    switch option.valueName {
    case "n": return ["0", "1", "5", "20", "100"]
    case "seconds": return ["0.05", "1", "2"]
    case "file": return ["out.json", "out.csv", "imp-good.json"]
    case "dir": return ["home-a", "home-b", "."]
    default: return nil
    }
  }

  /// Words that suit an option's value badly or oddly: edge numbers, odd paths, anything.
  static func edgeValues(for option: OptionSpec) -> [String] {
    if !option.choices.isEmpty { return ["", "JSON", "xml", option.choices.joined(separator: ",")] }
    switch option.valueName {
    case "n", "seconds": return numbers
    case "file", "dir": return paths
    default: return free + numbers + paths
    }
  }
}
