import Foundation
import Testing

@testable import SquadCore

/// `squad help --man` on a pseudo-terminal shows the page as man would, never raw roff; in a pipe
/// it stays roff for packaging.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal"))
struct ManOnTerminalEndToEndTests {
  @Test func onATerminalTheManualIsFormattedByMan() throws {
    let home = TemporaryDirectory()
    guard CLIProcess.which("man") != nil else {
      print("skipped: no man on this machine; the fallback is tested below")
      return
    }
    let result = try PseudoTerminal.run(
      ["help", "--man"], home: home.path, environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains(".TH "), "\(result.stdout.prefix(300))")
    #expect(result.stdout.contains("SQUAD(1)"), "\(result.stdout.prefix(300))")
  }

  @Test func withoutManATerminalGetsTheFormattedHelp() throws {
    let home = TemporaryDirectory()
    // A PATH with every tool of this machine (the terminal's helper may need several) but man.
    let tools = TemporaryDirectory()
    for folder in ["/usr/bin", "/bin"] {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name != "man" {
        try? FileManager.default.createSymbolicLink(atPath: tools.file(name), withDestinationPath: folder + "/" + name)
      }
    }
    let path = CLIProcess.binary.deletingLastPathComponent().path + ":" + tools.path
    let result = try PseudoTerminal.run(
      ["help", "--man"], home: home.path, environment: ["PATH": path, "PAGER": "cat"])
    #expect(result.stderr.contains("No 'man' to show the manual with"), "\(result.stderr)")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stdout.contains(".TH "))
    #expect(result.stdout.contains("USAGE") || result.stdout.contains("Usage"), "\(result.stdout.prefix(300))")
  }

  @Test func inAPipeItIsRoff() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["help", "--man"], home: home.path)
    #expect(result.stdout.hasPrefix(".TH ") || result.stdout.contains("\n.TH "))
  }
}
