import Testing

@testable import SquadCore

/// Configured keys never reach a message, whole or cut short in an excerpt.
@Suite struct SecretTextTests {
  @Test func aRegisteredKeyIsHiddenFromConsoleMessagesAndExcerpts() {
    let key = "secret-text-test-key-\(Int.random(in: 1000...9999))"
    SecretText.register([key, nil, "abc"])
    let written = Mutex("")
    let console = Console(
      terminal: TerminalInfo(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false), out: { _ in },
      err: { text in written.withLock { $0 += text } })
    console.err("Error: the key is \(key).")
    #expect(written.withLock { $0 } == "Error: the key is [redacted].\n")
    // Cut after part of the key, an excerpt would show that part: it is hidden before the cut.
    let quoted = TextSnippet.quote("MARVEL_PRIVATE_KEY=" + key + String(repeating: "x", count: 40))
    #expect(!quoted.contains("secret-text"), "\(quoted)")
    #expect(SecretText.redact("abc stays") == "abc stays")
  }
}
