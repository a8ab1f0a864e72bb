import Foundation

/// The clock, waiting, jitter and request timestamps of talking to the API, injected for tests.
struct MarvelClientEnvironment: Sendable {
  var now: @Sendable () -> Date
  var sleep: @Sendable (Double) async -> Void
  /// A random number in 0…1 that spreads retries out.
  var jitter: @Sendable () -> Double
  /// The `ts` of a request: any string that changes per request.
  var timestamp: @Sendable () -> String

  static let live = MarvelClientEnvironment(
    now: Date.init,
    sleep: { seconds in try? await Task.sleep(nanoseconds: Nanoseconds.from(seconds: seconds)) },
    jitter: { Double.random(in: 0...1) },
    timestamp: { String(Int64(Date().timeIntervalSince1970 * 1000)) + "-" + String(UInt16.random(in: 0...UInt16.max)) })
}
