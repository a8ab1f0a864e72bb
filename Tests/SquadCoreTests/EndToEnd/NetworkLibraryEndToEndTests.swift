import Foundation
import Testing

@testable import SquadCore

/// The binary when libcurl cannot be loaded: commands that need the network exit 1 with a
/// sentence saying why, before any request; everything local still works.
@Suite(.needsGNULinux("libcurl, which URLSession speaks through only on Linux (macOS uses the system's)"))
struct NetworkLibraryEndToEndTests {
  @Test func networkCommandsExit1SayingWhyAndLocalOnesStillWork() async throws {
    let simulator = try await Simulator()
    var squad = MarvelEndToEndTests.squad(simulator)
    squad.environment["SQUAD_LIBCURL"] = "/nonexistent-squad-test/libcurl.so.4"
    let before = try await simulator.mark()
    for arguments in [["heroes", "spi"], ["show", "1009610"], ["sync"]] {
      let result = try await squad.launch(arguments: arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.contains("could not load it (/nonexistent-squad-test/libcurl.so.4"))
      #expect(result.stderr.contains("--offline"))
      #expect(!result.stderr.contains(TestKeys.privateKey))
      #expect(!result.stderr.contains("showing the local catalogue"))
    }
    #expect(try await simulator.requests(since: before).isEmpty)

    let offline = try await squad.launch("heroes", "spider-man (peter", "--offline")
    #expect(offline.status == 0)
    #expect(offline.stdout.hasPrefix("1009610\tSpider-Man (Peter Parker)\t"))
    let list = try await squad.launch("list")
    #expect(list.status == 0)
  }
}
