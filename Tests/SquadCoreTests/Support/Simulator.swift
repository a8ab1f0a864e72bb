import Foundation

@testable import SquadCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback Marvel API simulator (`Fixtures/simulator/marvel_sim.py`), started on a free port
/// for one test and stopped when the value is released. Waits only on events: the READY line,
/// and log polling with a deadline.
final class Simulator: Sendable {
  /// The API base to point squad at, `http://127.0.0.1:<port>/v1/public`.
  let baseURL: String
  private let control: String
  private let process: Process

  static let script = Fixture.root.appendingPathComponent("Fixtures/simulator/marvel_sim.py").path

  /// Starts a simulator that accepts `TestKeys` (or the given keys) and waits for its READY line.
  init(
    characters: Int? = nil, latencyMs: Int? = nil, faults: [SimFault] = [], ipv6: Bool = false,
    publicKey: String = TestKeys.publicKey, privateKey: String = TestKeys.privateKey
  ) async throws {
    var arguments = [
      Self.script, "--public-key", publicKey, "--private-key", privateKey, "--port", "0",
      "--parent-pid", String(ProcessInfo.processInfo.processIdentifier), "--max-seconds", "600",
    ]
    if let characters { arguments += ["--characters", String(characters)] }
    if let latencyMs { arguments += ["--latency-ms", String(latencyMs)] }
    if ipv6 { arguments.append("--ipv6") }
    for fault in faults { arguments += ["--fault", fault.json] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    guard let line = await Self.firstLine(of: output.fileHandleForReading), line.hasPrefix("READY ") else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw SimulatorError.didNotStart
    }
    self.process = process
    baseURL = String(line.dropFirst("READY ".count))
    control = baseURL.replacingOccurrences(of: "/v1/public", with: "/_sim")
  }

  deinit { stop() }

  /// Stops the server and waits for it to exit.
  func stop() {
    guard process.isRunning else { return }
    // SIGKILL, because a child started from a test thread inherits that thread's blocked signal
    // mask, in which SIGTERM is blocked, so `terminate()` would never be delivered.
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Every API request logged since `seq` (exclusive).
  func requests(since seq: Int = 0) async throws -> [LoggedRequest] {
    let (data, _) = try await URLSession.shared.data(from: try url("/log?since=\(seq)"))
    return try JSONDecoder().decode([LoggedRequest].self, from: data)
  }

  /// The requests since `seq`, once at least `count` have been logged (the server logs just after
  /// answering), or whatever is there when the deadline passes.
  func requests(atLeast count: Int, since seq: Int = 0, within seconds: Double = 10) async throws -> [LoggedRequest] {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let logged = try await requests(since: seq)
      if logged.count >= count || Date() > deadline { return logged }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
  }

  /// The sequence number of the latest logged request, to count only what follows.
  func mark() async throws -> Int { try await requests().last?.seq ?? 0 }

  /// The body of a signed GET under the API base, fetched directly, for expected values.
  func body(_ pathAndQuery: String) async throws -> Data {
    let signed = MarvelURL.signed(baseURL + pathAndQuery, with: TestKeys.credentials.signature(timestamp: "expected"))
    let (data, _) = try await URLSession.shared.data(
      from: try URL(string: signed).orThrow(SimulatorError.controlFailed(pathAndQuery)))
    return data
  }

  /// Queues faults (FIFO; each applies to the next matching request).
  func inject(_ faults: SimFault...) async throws {
    try await post("/faults", body: "{\"faults\":[" + faults.map(\.json).joined(separator: ",") + "]}")
  }

  /// Clears the log and the fault queue.
  func reset() async throws { try await post("/reset", body: "{}") }

  private func post(_ path: String, body: String) async throws {
    var request = URLRequest(url: try url(path))
    request.httpMethod = "POST"
    request.httpBody = Data(body.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw SimulatorError.controlFailed(path) }
  }

  private func url(_ path: String) throws -> URL {
    guard let url = URL(string: control + path) else { throw SimulatorError.controlFailed(path) }
    return url
  }

  /// Reads the first line on a thread of its own, so no task waits blocked; the line ends when
  /// the simulator prints READY, or at end of file if it fails to start.
  private static func firstLine(of handle: FileHandle) async -> String? {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var bytes = Data()
        while !bytes.contains(0x0A) {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          bytes.append(chunk)
        }
        continuation.resume(
          returning: bytes.isEmpty ? nil : String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self))
      }
    }
  }
}

/// One request from `GET /_sim/log`.
struct LoggedRequest: Decodable, Sendable {
  var seq: Int
  var method: String
  var path: String
  var query: [String: String]
  var status: Int?
  var bytes: Int?
  var ifNoneMatch: String?
  var fault: String?
  /// When the answer started (Unix seconds); nil for a dropped request.
  var answeredAt: Double?
  var gzip: Bool?
  var userAgent: String?
}

/// A fault for the simulator to inject, as its JSON object.
struct SimFault: Sendable {
  let json: String

  static func status(_ code: Int, retryAfter: Int? = nil, times: Int = 1, path: String? = nil) -> SimFault {
    SimFault(
      json: "{\"kind\":\"status\",\"status\":\(code),\"times\":\(times)"
        + (retryAfter.map { ",\"retryAfter\":\($0)" } ?? "") + (path.map { ",\"path\":\"\($0)\"" } ?? "") + "}")
  }
  static func kind(_ kind: String, times: Int = 1) -> SimFault {
    SimFault(json: "{\"kind\":\"\(kind)\",\"times\":\(times)}")
  }
  static let malformed = kind("malformed")
  static let truncated = kind("truncated")
  static let drop = kind("drop")
  static let html = kind("html")
  static let empty = kind("empty")
  static let wrongShape = kind("wrongShape")
  /// Any fault as its fields, e.g. `.fault("page", ["path": "offset=100", "keep": 50])`.
  static func fault(_ kind: String, _ fields: [String: any Sendable] = [:]) -> SimFault {
    var object: [String: Any] = ["kind": kind]
    for (key, value) in fields { object[key] = value }
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return SimFault(json: String(decoding: data, as: UTF8.self))
  }
  static func slow(_ milliseconds: Int, path: String? = nil) -> SimFault {
    SimFault(json: "{\"kind\":\"slow\",\"delayMs\":\(milliseconds)" + (path.map { ",\"path\":\"\($0)\"" } ?? "") + "}")
  }
}

extension Optional {
  /// The value, or the error when there is none.
  func orThrow(_ error: any Error) throws -> Wrapped {
    guard let value = self else { throw error }
    return value
  }
}

enum SimulatorError: Error {
  case didNotStart
  case controlFailed(String)
}
