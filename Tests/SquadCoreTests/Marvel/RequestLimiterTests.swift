import Foundation
import Testing

@testable import SquadCore

/// The live client keeps at most five requests on the wire, however many pages are in progress.
@Suite struct RequestLimiterTests {
  /// A transport whose requests pass through a gate that holds them until five are out together;
  /// each answers with Thanos (1009652).
  struct GatedTransport: HTTPTransport {
    let gate: Gate
    func get(_ request: HTTPRequest) async -> Result<HTTPResponse, TransportError> {
      await gate.enter()
      await gate.leave()
      return StubTransport.ok("character.json")
    }
  }

  @Test func atMostFiveRequestsAreOnTheWireAtOnce() async throws {
    // The gate would open by itself at six inside. With at most five on the wire it stays shut
    // until the test has seen the seven others waiting in the client, and opens it.
    let gate = Gate(holdUntil: 6)
    let client = LiveMarvelClient(
      baseURL: "http://sim/v1/public", credentials: TestKeys.credentials, cache: nil,
      transport: GatedTransport(gate: gate))
    let answers = Task {
      await withTaskGroup(of: Bool.self) { group in
        for _ in 1...12 { group.addTask { (try? await client.character(HeroID(1_009_652)).get()) != nil } }
        return await group.reduce(into: [Bool]()) { $0.append($1) }
      }
    }
    // Waits for a state, never for time: until all twelve are either waiting in the client or held
    // in the gate (the five that have a place may not have reached the gate yet when the seventh
    // starts waiting), or until the gate lets a sixth in, as only a broken limiter would.
    while await client.limiter.waitingCount + gate.inside < 12, await gate.peak <= 5 { await Task.yield() }
    #expect(await client.limiter.waitingCount == 7)
    #expect(await gate.peak == 5)
    await gate.openNow()
    #expect(await answers.value == Array(repeating: true, count: 12))
    #expect(await gate.peak == 5)
  }

  @Test func aPlaceFreedGoesToTheLongestWaiting() async {
    let limiter = RequestLimiter(limit: 1)
    let order = Mutex<[Int]>([])
    await limiter.enter()
    let first = Task {
      await limiter.enter()
      order.withLock { $0.append(1) }
      await limiter.leave()
    }
    // The second waiter queues only once the first is surely waiting: enter() after a yield loop
    // would race, so wait until the first task is suspended inside the limiter.
    while await limiter.waitingCount < 1 { await Task.yield() }
    let second = Task {
      await limiter.enter()
      order.withLock { $0.append(2) }
      await limiter.leave()
    }
    while await limiter.waitingCount < 2 { await Task.yield() }
    await limiter.leave()
    await first.value
    await second.value
    #expect(order.withLock { $0 } == [1, 2])
  }
}
