import Foundation
import SquadCore

/// The fuzzer's network: every request gets a fresh hostile answer (a status, odd headers and a
/// mutated body), or a transport failure. Nothing leaves the process.
final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
  /// Requests one command may make before the network "times out": a hostile `total` may
  /// legitimately ask for millions of pages, and the fuzzer looks for crashes, not patience.
  static let requestCap = 200

  // Guarded by `lock`: the client may send requests concurrently (sync), which also makes the
  // order in which a sync's pages get their bodies depend on scheduling.
  private var random: SeededGenerator
  private var mutator: BodyMutator
  private var sent = 0
  private let lock = NSLock()
  /// Whether every request is refused (argument fuzzing: no network at all).
  let offline: Bool

  /// A transport answering with mutations of `corpus`; `offline` refuses every request instead.
  init(seed: UInt64, iteration: Int, corpus: [[UInt8]], offline: Bool) {
    random = SeededGenerator(seed: seed ^ 0x5EED, iteration: iteration)
    mutator = BodyMutator(corpus: corpus, random: Self.bodyGenerator(seed: seed, iteration: iteration))
    self.offline = offline
  }

  /// The generator of an iteration's bodies.
  static func bodyGenerator(seed: UInt64, iteration: Int) -> SeededGenerator {
    SeededGenerator(seed: seed ^ 0xB0D1, iteration: iteration)
  }

  /// How many requests were made.
  var requests: Int { lock.withLock { sent } }

  func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
    lock.withLock { answer() }
  }

  private func answer() -> Result<HTTPResponse, TransportError> {
    sent += 1
    // Only failures that are not retried, so no iteration waits through a backoff.
    if offline || sent > Self.requestCap { return .failure(random.pick([.badURL, .timedOut, .cancelled])) }
    if random.chance(0.04) { return .failure(random.pick([.connectionLost, .connectionRefused, .other("fuzz")])) }
    let status = random.pick([200, 200, 200, 200, 200, 200, 200, 304, 401, 404, 409, 429, 500, 503, 302, 418, 0, 999])
    var headers: [String: String] = [:]
    if random.chance(0.3) { headers["ETag"] = random.pick(["\"abc\"", "W/\"x\"", "", "\u{1B}[31m", "*"]) }
    if random.chance(0.3) {
      headers["Retry-After"] = random.pick(["0", "-1", "1e308", "nan", "0.001", "Wed, 21 Oct 2015", ""])
    }
    return .success(HTTPResponse(status: status, headers: headers, body: Data(mutator.make())))
  }
}
