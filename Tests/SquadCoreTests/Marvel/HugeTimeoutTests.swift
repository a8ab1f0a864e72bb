import Foundation
import Testing

@testable import SquadCore

/// Found by the fuzzer: `--timeout` accepts any positive number, and converting a huge one to
/// whole seconds (for messages) or nanoseconds (for sleeps) trapped.
@Suite struct HugeTimeoutTests {
  @Test @MainActor func aHugeTimeoutIsReportedNotCrashedOn() async throws {
    var squad = try InProcessCLI()
    squad.variables = ["MARVEL_PUBLIC_KEY": TestKeys.publicKey, "MARVEL_PRIVATE_KEY": TestKeys.privateKey]
    squad.transport = StubTransport([.failure(.timedOut)])
    let sync = await squad.run([
      "sync", "--timeout", "9223372036854775808", "--base-url", "http://127.0.0.1:9/v1/public",
    ])
    #expect(sync.code == 1)
    #expect(sync.err.contains("within 9.223372036854776e+18 s"), "\(sync.err)")
  }

  @Test func secondsBeyondIntAreWrittenAsDecimals() {
    #expect(MarvelError.seconds(2) == "2 s")
    #expect(MarvelError.seconds(0.5) == "0.5 s")
    #expect(MarvelError.seconds(1e300) == "1e+300 s")
  }

  @Test func sleepsSaturateInsteadOfTrapping() {
    #expect(Nanoseconds.from(seconds: 1.5) == 1_500_000_000)
    #expect(Nanoseconds.from(seconds: -1) == 0)
    #expect(Nanoseconds.from(seconds: .nan) == 0)
    #expect(Nanoseconds.from(seconds: 1e300) == Nanoseconds.maximum)
  }
}
