import Foundation
import Testing

@testable import SquadCore

/// Ctrl-C exits 130 and leaves no file half-written and no temporary file behind. Each test
/// interrupts the process at a point it cannot get past on its own (a lock the test holds, a
/// file nobody writes, a prompt nobody answers), so the timing is never a guess.
@Suite struct InterruptTests {
  @Test(arguments: [
    (["import", "in.json", "--replace"], "\"action\":\"fileRead\""),
    (["recruit", "hulk"], "\"action\":\"heroesResolved\""),
    (["fire", "1009610", "--yes"], "\"action\":\"heroesResolved\""),
  ])
  func ctrlCWhileWaitingForTheSquadLockExits130AndChangesNothing(arguments: [String], marker: String) throws {
    let home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
    try home.write(try SampleSquad.golden("sample.jsonl"), to: "in.json")
    let before = try #require(home.contents("squad.json"))
    let lock = try FileLock(path: home.file("squad.lock"))

    let running = try RunningCLI(arguments + ["--trace"], home: home.path)
    #expect(running.waitForStderr(containing: marker))
    running.interrupt()
    let end = running.wait()
    withExtendedLifetime(lock) {}

    #expect(end.status == 130)
    #expect(!end.wasSignalled)
    #expect(home.contents("squad.json") == before)
    #expect(try home.listing() == ["in.json", "squad.json", "squad.lock"])
  }

  @Test func ctrlCDuringAnExportToAFileExits130AndWritesNothing() throws {
    let home = TemporaryDirectory()
    // The output is a pipe nobody reads: the export waits to open it until interrupted. (A squad
    // file that is a pipe no longer blocks: it is refused at once.)
    #expect(mkfifo(home.file("out.fifo"), 0o600) == 0)
    let running = try RunningCLI(["export", "--output", "out.fifo", "--trace"], home: home.path)
    #expect(running.waitForStderr(containing: "\"action\":\"squadLoaded\""))
    running.interrupt()
    let end = running.wait()

    #expect(end.status == 130)
    #expect(!end.wasSignalled)
    #expect(try home.listing() == ["out.fifo"])
  }

  @Test(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed to type Ctrl-C on a pseudo-terminal"))
  func ctrlCAtTheFirePromptExits130AndFiresNobody() throws {
    let home = TemporaryDirectory()
    try home.save(SampleSquad.squad)
    let before = try #require(home.contents("squad.json"))
    let result = try PseudoTerminal.run(
      ["fire", "1009610"], home: home.path, environment: ["TERM": "dumb"], mergeStderr: true, ctrlCAfter: "[y/N]")
    #expect(result.stdout.contains("Fire Spider-Man (Peter Parker) from the squad? [y/N]"))
    #expect(result.status == 130)
    #expect(home.contents("squad.json") == before)
    #expect(try home.listing() == ["squad.json"])
  }
}
