import Foundation

/// The fuzzer's own output: one unbuffered line per event on stdout, so the last line before a
/// crash says which iteration crashed.
enum Report {
  static func line(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

  /// A line with a JSON payload: `anomaly {...}`, `summary {...}`.
  static func event(_ kind: String, _ fields: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    line(kind + " " + String(decoding: data, as: UTF8.self))
  }
}
