/// How listings are printed; `table` on a terminal and `tsv` in a pipe by default.
enum OutputFormat: String, CaseIterable, Sendable { case table, tsv, json, jsonl, csv }

struct OutputSettings: Equatable, Sendable {
  var format: OutputFormat
  var color = false
  var headers = true
  /// Nil when stdout is not a terminal: nothing to fit, and CSV is not cleaned.
  var width: Int? = nil
  var prettyJSON = false
  var isTerminal: Bool { width != nil }

  /// Format from `--format`/`--json`, else the terminal; colour by `NO_COLOR`/`CLICOLOR_FORCE`/`TERM`.
  static func resolve(
    formatFlag: String?, json: Bool, colorFlag: String?, noHeaders: Bool, terminal: TerminalInfo,
    environment: [String: String]
  ) -> OutputSettings {
    let format =
      json ? .json : formatFlag.flatMap(OutputFormat.init(rawValue:)) ?? (terminal.stdoutIsTTY ? .table : .tsv)
    let forced = environment["CLICOLOR_FORCE"].map { !$0.isEmpty && $0 != "0" } ?? false
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let wantsColor =
      switch colorFlag {
      case "always": true
      case "never": false
      default: forced || (terminal.stdoutIsTTY && !noColor && environment["TERM"] != "dumb")
      }
    return OutputSettings(
      format: format, color: wantsColor && format == .table, headers: !noHeaders,
      width: terminal.stdoutIsTTY ? terminal.width : nil, prettyJSON: terminal.stdoutIsTTY)
  }
}
