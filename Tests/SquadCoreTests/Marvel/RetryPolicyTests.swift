import Foundation
import Testing

@testable import SquadCore

@Suite struct RetryPolicyTests {
  let clock = TestClock()
  let transport = StubTransport()

  func client(timeout: Double = 10, jitter: Double = 0) -> LiveMarvelClient {
    LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, timeout: timeout, cache: nil, transport: transport,
      environment: clock.environment(jitter: jitter))
  }

  func listing(_ client: LiveMarvelClient) async -> Result<MarvelPage<Hero>, MarvelError> {
    await client.characters(CharacterFilter(limit: 3), freshness: .withinTTL)
  }

  @Test func backoffDoublesWithJitterBetweenHalfAndWhole() {
    let policy = RetryPolicy()
    #expect((1...3).map { policy.delay(beforeRetry: $0, retryAfter: nil, jitter: 0) } == [0.25, 0.5, 1])
    #expect((1...3).map { policy.delay(beforeRetry: $0, retryAfter: nil, jitter: 1) } == [0.5, 1, 2])
    #expect(policy.delay(beforeRetry: 1, retryAfter: 1, jitter: 1) == 1)
    #expect(policy.delay(beforeRetry: 1, retryAfter: 600, jitter: 0) == 5)
  }

  @Test func retryAfterIsReadAsSecondsOnly() {
    #expect(RetryPolicy.retryAfterSeconds(" 2 ") == 2)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT") == nil)
    #expect(RetryPolicy.retryAfterSeconds(nil) == nil)
  }

  @Test func aThrottledRequestWaitsForRetryAfterThenSucceeds() async throws {
    transport.enqueue(
      StubTransport.status(429, "{\"code\":\"RequestThrottled\",\"message\":\"slow down\"}", headers: ["Retry-After": "1"]))
    transport.enqueue(StubTransport.ok("characters.json"))
    let page = try await listing(client()).get()
    #expect(page.results.count == 3)
    #expect(page.requests == 2)
    #expect(clock.sleeps == [1])
    #expect(transport.requests.count == 2)
  }

  @Test func serverErrorsAndTransportErrorsAreRetriedThreeTimes() async {
    for _ in 0..<4 { transport.enqueue(StubTransport.status(500, "{\"code\":\"InternalServerError\",\"message\":\"x\"}")) }
    let result = await listing(client(jitter: 1))
    #expect(result == .failure(.serverError(status: 500, attempts: 4, url: "http://sim/v1/public/characters?limit=3")))
    #expect(clock.sleeps == [0.5, 1, 2])
    #expect(transport.requests.count == 4)

    let refused = StubTransport([
      .failure(.connectionRefused), .failure(.connectionLost), .failure(.connectionRefused), .failure(.connectionRefused),
    ])
    let other = LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil, transport: refused,
      environment: TestClock().environment())
    #expect(
      await listing(other)
        == .failure(.unreachable(reason: "connection refused", attempts: 4, url: "http://sim/v1/public/characters?limit=3")))
    #expect(refused.requests.count == 4)
  }

  @Test(arguments: [401, 403, 404, 405, 409])
  func otherClientErrorsAreNotRetried(status: Int) async {
    transport.enqueue(StubTransport.status(status, "{\"code\":\(status),\"status\":\"no\"}"))
    let result = await listing(client())
    #expect(transport.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
    guard case .failure = result else {
      Issue.record("expected a failure for \(status)")
      return
    }
  }

  @Test func retriesStopBeforeAWaitWouldPassTheDeadline() async {
    for _ in 0..<4 { transport.enqueue(StubTransport.status(503)) }
    let result = await listing(client(timeout: 1, jitter: 1))
    // Waits of 0.5 then 1 s: the second would end at 1.5 s, past the 1 s deadline.
    #expect(result == .failure(.serverError(status: 503, attempts: 2, url: "http://sim/v1/public/characters?limit=3")))
    #expect(clock.sleeps == [0.5])
  }

  @Test func eachAttemptGetsOnlyTheTimeLeftAndATimeoutEndsIt() async {
    transport.enqueue(.failure(.connectionLost), .failure(.timedOut))
    let result = await listing(client(timeout: 4, jitter: 0))
    #expect(result == .failure(.timedOut(seconds: 4, url: "http://sim/v1/public/characters?limit=3")))
    #expect(transport.requests.map(\.timeout) == [4, 3.75])
  }

  @Test func everyAttemptIsSignedAfreshAndAsksForGzip() async {
    transport.enqueue(.failure(.connectionLost), StubTransport.ok("characters.json"))
    _ = await listing(client())
    let urls = transport.requests.map(\.url)
    #expect(
      urls == [
        "http://sim/v1/public/characters?limit=3&ts=ts1&apikey=test-public-key-1234&hash="
          + TestKeys.credentials.hash(timestamp: "ts1"),
        "http://sim/v1/public/characters?limit=3&ts=ts2&apikey=test-public-key-1234&hash="
          + TestKeys.credentials.hash(timestamp: "ts2"),
      ])
    #expect(transport.requests.allSatisfy { $0.headers["Accept-Encoding"] == "gzip" && $0.headers["If-None-Match"] == nil })
  }

  @Test func malformedSuccessIsNotRetried() async {
    transport.enqueue(StubTransport.ok("truncated.json"))
    let result = await listing(client())
    #expect(
      result
        == .failure(
          .invalidResponse(
            status: 200, detail: "not valid JSON (cut short or garbled)", url: "http://sim/v1/public/characters?limit=3")))
    #expect(transport.requests.count == 1)
  }
}
