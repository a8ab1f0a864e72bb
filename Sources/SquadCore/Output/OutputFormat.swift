/// How listings are printed: aligned columns with a header, sized to the terminal (the default
/// on a terminal); tab-separated values, no header, full values (the default in a pipe); one JSON
/// document; one JSON object per line; RFC 4180 CSV with a header.
enum OutputFormat: String, CaseIterable, Sendable {
  case table, tsv, json, jsonl, csv
}

/// The output settings of one run, decided once from flags, environment and the terminal.
struct OutputSettings: Equatable, Sendable {
  var format: OutputFormat
  var color = false
  /// Whether tables and CSV carry a header row.
  var headers = true
  /// The width tables must fit in; nil for unlimited (not a terminal).
  var width: Int? = nil
  var prettyJSON = false
  /// Whether stdout is a terminal: text that keeps control characters in files (CSV) is
  /// cleaned for it.
  var isTerminal: Bool { width != nil }

  /// Resolves the settings: `--format`/`--json`, then terminal detection; colour per the
  /// `NO_COLOR`/`CLICOLOR_FORCE`/`TERM` conventions; never colour for machine formats.
  static func resolve(
    formatFlag: String?, json: Bool, colorFlag: String?, noHeaders: Bool, terminal: TerminalInfo,
    environment: [String: String]
  ) -> OutputSettings {
    let format =
      json ? .json : formatFlag.flatMap(OutputFormat.init(rawValue:)) ?? (terminal.stdoutIsTTY ? .table : .tsv)
    let wantsColor: Bool
    switch colorFlag {
    case "always": wantsColor = true
    case "never": wantsColor = false
    default:
      let forced = environment["CLICOLOR_FORCE"].map { !$0.isEmpty && $0 != "0" } ?? false
      let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
      wantsColor = forced || (terminal.stdoutIsTTY && !noColor && environment["TERM"] != "dumb")
    }
    return OutputSettings(
      format: format, color: wantsColor && format == .table, headers: !noHeaders,
      width: terminal.stdoutIsTTY ? terminal.width : nil, prettyJSON: terminal.stdoutIsTTY)
  }
}
