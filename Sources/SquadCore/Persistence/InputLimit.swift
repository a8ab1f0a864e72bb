/// The most bytes squad reads from one input, so that no file or stream, however large or
/// endless, can exhaust memory or time. Documented in the README's "Limits" section.
public enum InputLimit {
  /// `squad.json`: a squad of thousands of members is well under 1 MiB.
  public static let squadFile = 16 << 20
  /// One import file or standard input.
  public static let importFile = 16 << 20

  /// `16 MiB`.
  static func describe(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }
}
