/// Seconds as whole nanoseconds for `Task.sleep`, saturating instead of trapping: a `--timeout`
/// of `1e300` waits "forever" (about 31 years) rather than ending the process in the conversion.
enum Nanoseconds {
  /// The longest wait: 10⁹ seconds.
  static let maximum: UInt64 = 1_000_000_000 * 1_000_000_000
  /// 0 for negative or NaN values.
  static func from(seconds: Double) -> UInt64 {
    guard seconds > 0 else { return 0 }
    return seconds >= 1e9 ? maximum : UInt64(seconds * 1e9)
  }
}
