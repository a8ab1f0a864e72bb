import Foundation
import Testing

@testable import SquadCore

/// Found by the reliability suite's fault matrix: `squad heroes --timeout 1.5` against a closed
/// port hung forever, about once in two thousand runs. The transport raced URLSession's async
/// `data(for:)` against a timer in a task group; when the timer won just as the refusal arrived,
/// cancelling the request (under the Swift task's status lock) waited for URLSession's queue,
/// while that queue, delivering the refusal, waited for the same lock (the threads gdb showed).
/// The race is too narrow to hit on demand — these tests did not hit it in 80,000 requests with
/// the old transport — so they check what the new one promises: every request ends, by its
/// deadline when nothing answers, whatever the timing.
@Suite struct TransportDeadlineTests {
  @Test func deadlinesThatMeetARefusedConnectionAlwaysEnd() async throws {
    let port = try LoopbackPort(.refusing)
    let url = port.baseURL + "/characters"
    let transport = URLSessionTransport()
    let finished = DispatchSemaphore(value: 0)
    let requests = 2_000
    // Off the cooperative pool, so a deadlocked request cannot stall the test's own wait.
    Thread.detachNewThread {
      let group = DispatchGroup()
      for index in 0..<requests {
        group.enter()
        Task.detached {
          // Deadlines from 0 to 30 ms, 0.1 ms apart: around as long as a refusal takes.
          _ = await transport.get(HTTPRequest(url: url, timeout: Double(index % 301) / 10_000))
          group.leave()
        }
      }
      group.wait()
      finished.signal()
    }
    let ended = await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: finished.wait(timeout: .now() + 60) == .success) }
    }
    #expect(ended, "some requests never ended: the transport deadlocked")
    withExtendedLifetime(port) {}
  }

  @Test func aDeadlineEndsARequestNobodyAnswers() async throws {
    let port = try LoopbackPort(.silent)
    let url = port.baseURL + "/characters"
    let result = await URLSessionTransport().get(HTTPRequest(url: url, timeout: 0.2))
    #expect(result == .failure(.timedOut))
    withExtendedLifetime(port) {}
  }

  @Test func aCancelledCallerGetsCancelled() async throws {
    let port = try LoopbackPort(.refusing)
    let url = port.baseURL + "/characters"
    let task = Task { await URLSessionTransport().get(HTTPRequest(url: url, timeout: 30)) }
    task.cancel()
    let result = await task.value
    #expect(result == .failure(.cancelled) || result == .failure(.connectionRefused))
    withExtendedLifetime(port) {}
  }
}
