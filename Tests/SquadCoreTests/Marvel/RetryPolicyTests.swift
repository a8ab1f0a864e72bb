import Foundation
import Testing

@testable import SquadCore

@Suite struct RetryPolicyTests {
  let clock = TestClock()
  let transport = StubTransport()

  func client(timeout: Double = 10, jitter: Double = 0) -> LiveMarvelClient {
    LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, timeout: timeout, cache: nil,
      transport: transport,
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
    #expect(policy.delay(beforeRetry: 1, retryAfter: 600, jitter: 0) == 600, "never before the server's time")
  }

  @Test func retryAfterIsReadAsSecondsOrAnHTTPDate() {
    let now = Date(timeIntervalSince1970: 1_445_412_470)  // 2015-10-21T07:27:50Z
    #expect(RetryPolicy.retryAfterSeconds(" 2 ", now: now) == 2)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT", now: now) == 10)
    #expect(RetryPolicy.retryAfterSeconds("Wednesday, 21-Oct-15 07:28:00 GMT", now: now) == 10)
    #expect(RetryPolicy.retryAfterSeconds("Wed Oct 21 07:28:00 2015", now: now) == 10)
    #expect(RetryPolicy.retryAfterSeconds("Tue, 20 Oct 2015 07:28:00 GMT", now: now) == 0, "a date already past")
    #expect(RetryPolicy.retryAfterSeconds("-3", now: now) == nil)
    #expect(RetryPolicy.retryAfterSeconds("soon", now: now) == nil)
    #expect(RetryPolicy.retryAfterSeconds("nan", now: now) == nil)
    #expect(RetryPolicy.retryAfterSeconds("inf", now: now) == nil)
    #expect(
      RetryPolicy.retryAfterSeconds(String(repeating: "9", count: 400), now: now) == RetryPolicy.longestRetryAfter)
    for notDigits in ["1e3", "1.5", "0x10", "+5", "1_000"] {
      #expect(RetryPolicy.retryAfterSeconds(notDigits, now: now) == nil, "delay-seconds is digits only: \(notDigits)")
    }
    #expect(RetryPolicy.retryAfterSeconds(nil, now: now) == nil)
  }

  @Test func aBadCertificateOrANonHTTPReplyIsNamedAndNotRetried() {
    let certificate = URLSessionTransport.classify(
      .unknown, libcurlText: "SSL certificate problem: self-signed certificate")
    #expect(certificate == .tlsFailed("the server's TLS certificate was refused"))
    #expect(URLSessionTransport.classify(.serverCertificateUntrusted) == certificate)
    #expect(
      URLSessionTransport.classify(.unknown, libcurlText: "Recv failure: Connection reset by peer") == .connectionLost)
    #expect(URLSessionTransport.classify(.unsupportedURL) == .notHTTP)
    #expect(!RetryPolicy.isRetryable(certificate) && !RetryPolicy.isRetryable(.notHTTP))
  }

  /// Found by the attack: `Content-Encoding: gzip` over plain JSON was "the connection broke",
  /// asked four times, then answered from the local catalogue with exit 0.
  @Test func aBodyNotInItsContentEncodingIsAnInvalidAnswerAskedOnce() async {
    // What FoundationNetworking reports (code -1, libcurl's text) and what Darwin's URLSession does.
    let libcurl = "Error while processing content unencoding: incorrect header check"
    #expect(URLSessionTransport.classify(.unknown, libcurlText: libcurl) == .badContentEncoding)
    #expect(
      URLSessionTransport.classify(.unknown, libcurlText: "Unrecognized content encoding type. libcurl understands…")
        == .badContentEncoding)
    #expect(URLSessionTransport.classify(.cannotDecodeContentData) == .badContentEncoding)
    #expect(!RetryPolicy.isRetryable(.badContentEncoding))
    let stub = StubTransport([.failure(.badContentEncoding), .failure(.badContentEncoding)])
    let client = LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil, transport: stub,
      environment: clock.environment())
    let result = await listing(client)
    #expect(stub.requests.count == 1)
    guard case .failure(.invalidResponse(200, let detail, _)) = result else {
      Issue.record("expected an invalid response, got \(result)")
      return
    }
    #expect(detail == "the body is not in the encoding its Content-Encoding header names")
  }

  @Test func retryAfterSentTwiceOrAsAListMeansTheLatestTimeOffered() {
    let now = Date(timeIntervalSince1970: 1_445_412_470)  // 2015-10-21T07:27:50Z
    #expect(RetryPolicy.retryAfterSeconds("5, 5", now: now) == 5)
    #expect(RetryPolicy.retryAfterSeconds("1, 30", now: now) == 30)
    #expect(RetryPolicy.retryAfterSeconds("30,1", now: now) == 30)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 21 Oct 2015 07:28:00 GMT, 3", now: now) == 10)
    #expect(RetryPolicy.retryAfterSeconds("3, Wed, 21 Oct 2015 07:29:00 GMT", now: now) == 70)
    #expect(RetryPolicy.retryAfterSeconds("Wednesday, 21-Oct-15 07:28:00 GMT, 2", now: now) == 10)
    #expect(RetryPolicy.retryAfterSeconds("soon, 4", now: now) == 4, "an unreadable piece is skipped")
    #expect(RetryPolicy.retryAfterSeconds(", ,", now: now) == nil)
  }

  @Test func aThrottledRequestWaitsForRetryAfterThenSucceeds() async throws {
    transport.enqueue(
      StubTransport.status(
        429, "{\"code\":\"RequestThrottled\",\"message\":\"slow down\"}", headers: ["Retry-After": "1"]))
    transport.enqueue(StubTransport.ok("characters.json"))
    let page = try await listing(client()).get()
    #expect(page.results.count == 3)
    #expect(page.requests == 2)
    #expect(clock.sleeps == [1])
    #expect(transport.requests.count == 2)
  }

  @Test(arguments: ["60", "Fri, 15 Jan 2027 08:01:00 GMT"])
  func aRetryAfterBeyondTheTimeoutFailsAtOnceSayingWhen(header: String) async {
    // The clock starts at 2027-01-15T08:00:00Z, so both forms mean "in 60 s".
    transport.enqueue(
      StubTransport.status(429, "{\"code\":\"RequestThrottled\",\"message\":\"x\"}", headers: ["Retry-After": header]))
    let result = await listing(client(timeout: 10))
    #expect(transport.requests.count == 1)
    #expect(clock.sleeps.isEmpty, "no waiting for a time past the deadline")
    guard case .failure(let error) = result, case .retryLater(429, let seconds, let at, _) = error else {
      Issue.record("expected retryLater, got \(result)")
      return
    }
    #expect(seconds == 60)
    #expect(at == clock.now.addingTimeInterval(60))
    #expect(error.isUnavailable)
    #expect(error.description.contains("takes requests again in 60 s (at 2027-01-15T08:01:00Z)"))
  }

  @Test(arguments: [TransportError.tooManyRedirects, .redirectRefused(scheme: "file"), .bodyTooLarge(limit: 16 << 20)])
  func redirectsAndOversizedBodiesAreNeverRetried(error: TransportError) async {
    let stub = StubTransport([.failure(error)])
    let client = LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil, transport: stub,
      environment: clock.environment())
    let result = await listing(client)
    #expect(stub.requests.count == 1)
    #expect(clock.sleeps.isEmpty)
    if case .bodyTooLarge = error {
      #expect(result.isInvalidResponse, "an oversized body is not a Marvel response (exit 65)")
    } else {
      #expect(
        result
          == .failure(.unreachable(reason: error.reason, attempts: 1, url: "http://sim/v1/public/characters?limit=3")))
    }
  }

  @Test func serverErrorsAndTransportErrorsAreRetriedThreeTimes() async {
    for _ in 0..<4 {
      transport.enqueue(StubTransport.status(500, "{\"code\":\"InternalServerError\",\"message\":\"x\"}"))
    }
    let result = await listing(client(jitter: 1))
    #expect(result == .failure(.serverError(status: 500, attempts: 4, url: "http://sim/v1/public/characters?limit=3")))
    #expect(clock.sleeps == [0.5, 1, 2])
    #expect(transport.requests.count == 4)

    let refused = StubTransport([
      .failure(.connectionRefused), .failure(.connectionLost), .failure(.connectionRefused),
      .failure(.connectionRefused),
    ])
    let other = LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil, transport: refused,
      environment: TestClock().environment())
    #expect(
      await listing(other)
        == .failure(
          .unreachable(reason: "connection refused", attempts: 4, url: "http://sim/v1/public/characters?limit=3")))
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
    #expect(
      transport.requests.allSatisfy { $0.headers["Accept-Encoding"] == "gzip" && $0.headers["If-None-Match"] == nil })
  }

  @Test func malformedSuccessIsNotRetried() async {
    transport.enqueue(StubTransport.ok("truncated.json"))
    let result = await listing(client())
    #expect(
      result
        == .failure(
          .invalidResponse(
            status: 200, detail: "not valid JSON (cut short or garbled)", url: "http://sim/v1/public/characters?limit=3"
          )))
    #expect(transport.requests.count == 1)
  }
}

extension Result where Failure == MarvelError {
  fileprivate var isInvalidResponse: Bool {
    if case .failure(.invalidResponse) = self { return true }
    return false
  }
}
