import Foundation
import Testing

@testable import SquadCore

/// The one bounded-concurrency helper: results in order, never more than `limit` outstanding,
/// and stopping drops what is still in flight.
@Suite struct InOrderConcurrentlyTests {
  /// Work that finishes in reverse order of starting within each batch, recording concurrency.
  actor Meter {
    private(set) var running = 0
    private(set) var peak = 0
    func enter() {
      running += 1
      peak = max(peak, running)
    }
    func leave() { running -= 1 }
  }

  @Test func resultsComeInTheItemsOrderWithAtMostLimitOutstanding() async {
    let meter = Meter()
    var seen: [Int] = []
    await InOrderConcurrently.run(Array(0..<40), limit: 4) { item in
      await meter.enter()
      // Later items finish first; yielding lets the others run meanwhile.
      for _ in 0..<(40 - item) { await Task.yield() }
      await meter.leave()
      return item * 10
    } consume: { item, output in
      #expect(output == item * 10)
      seen.append(item)
      return true
    }
    #expect(seen == Array(0..<40))
    #expect(await meter.peak <= 4)
  }

  @Test func stoppingCancelsTheRestAndHandsNothingMoreOver() async {
    let started = Mutex(0)
    var seen: [Int] = []
    await InOrderConcurrently.run(0..<1_000_000, limit: 5) { item in
      started.withLock { $0 += 1 }
      return item
    } consume: { item, _ in
      seen.append(item)
      return item < 2
    }
    #expect(seen == [0, 1, 2])
    #expect(started.withLock { $0 } <= 3 + 5, "a lazy sequence is never walked past the window")
  }
}
