import Foundation
import Testing

@testable import SquadCore

/// Issue 22, item 9: the README stays a five-minute read that gives the two commands, keeps the
/// licence and data attribution, and every link between the documents leads somewhere.
@Suite struct DocsTests {
  static func text(_ path: String) -> String {
    (try? String(contentsOf: Fixture.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  /// The Markdown files people read: the README, the benchmarks and everything in docs/.
  static let documents: [String] = {
    let docs = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.root.appendingPathComponent("docs").path))
    return ["README.md", "BENCHMARKS.md"] + (docs ?? []).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }()

  /// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
  static func anchors(_ text: String) -> Set<String> {
    Set(
      text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        return String(title.filter { $0.isLetter || $0.isNumber || "-_ ".contains($0) }.map { $0 == " " ? "-" : $0 })
      })
  }

  @Test func theReadmeIsShortAndGivesTheTwoCommands() throws {
    let readme = Self.text("README.md")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 250, "README.md has \(lines) lines; reference belongs in docs/")
    let twoCommands = try #require(readme.components(separatedBy: "\n## Two commands\n").dropFirst().first)
    let block = twoCommands.components(separatedBy: "```").dropFirst().first ?? ""
    #expect(block.contains("\nswift run squad heroes "))
    #expect(block.contains("\nscripts/test "))
    #expect(Self.text(".ci/run").split(separator: "\n").last == "scripts/test")
  }

  @Test func theReadmeKeepsTheLicenceAndTheDataAttribution() {
    let readme = Self.text("README.md")
    for fact in [
      "[LICENSE](LICENSE)", "Data provided by Marvel. © MARVEL", "our own words", "not made or endorsed by Marvel",
    ] {
      #expect(readme.contains(fact), "README.md lacks \(fact)")
    }
  }

  /// Attack 9, finding 8: the README's history limit and the trim warning's budget disagreed
  /// (64 MiB, 16 MiB); both are true, so the README's Limits row says each from the code's figures.
  @Test func theReadmesHistoryLimitsAreTheCodes() throws {
    let limit = InputLimit.historyFile
    let row =
      "| a squad's `history.jsonl` | \(InputLimit.describe(limit)); past \(HistoryFile.bound + HistoryFile.slack) "
      + "entries or \(InputLimit.describe(limit / 2)) it is trimmed to the newest \(HistoryFile.bound) that fit in "
      + "\(InputLimit.describe(limit / 4)) |"
    #expect(Self.text("README.md").contains(row.replacing("1100", with: "1,100").replacing("1000", with: "1,000")))
    let warning = HistoryFile(path: "h").trimmedWarning(dropped: 2, kept: 3)
    #expect(warning.contains("(it keeps what fits in \(InputLimit.describe(limit / 4)), "), "\(warning)")
  }

  /// squad's messages send people to sections of the README ("see 'Limits' in the README").
  @Test func everyReadmeSectionSquadNamesExists() throws {
    let sources = Fixture.root.appendingPathComponent("Sources/SquadCore")
    let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
    let headings = Set(
      Self.text("README.md").split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) })
    var named = 0
    for file in files where file.hasSuffix(".swift") {
      let code = (try? String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)) ?? ""
      for match in code.matches(of: #/see '([^']+)' in the README/#) {
        named += 1
        #expect(headings.contains(match.output.1), "\(file) names the README's '\(match.output.1)', which is gone")
      }
    }
    #expect(named > 0)
  }

  @Test func everyLinkBetweenTheDocumentsLeadsSomewhere() {
    for document in Self.documents {
      let folder = URL(fileURLWithPath: document).deletingLastPathComponent().relativePath
      for match in Self.text(document).matches(of: #/\]\(([^)\s]+)\)/#) {
        let link = String(match.output.1)
        guard !link.hasPrefix("http") else { continue }
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? document : (folder == "." ? parts[0] : folder + "/" + parts[0])
        let path = Fixture.root.appendingPathComponent(target).standardizedFileURL.path
        #expect(FileManager.default.fileExists(atPath: path), "\(document) links to \(link), which does not exist")
        if parts.count == 2, target.hasSuffix(".md") {
          let anchors = Self.anchors((try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
          #expect(anchors.contains(parts[1]), "\(document) links to \(link), a heading \(target) lacks")
        }
      }
    }
  }
}
