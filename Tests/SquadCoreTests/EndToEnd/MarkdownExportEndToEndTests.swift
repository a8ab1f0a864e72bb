import Foundation
import Testing

@testable import SquadCore

/// Issue 21, item 5: a Markdown export of names full of markup renders, in a real CommonMark
/// renderer (GitHub's cmark-gfm, with its table extension), to exactly those names as text.
@Suite struct MarkdownExportEndToEndTests {
  static let renderer = CLIProcess.which("cmark-gfm")

  static let names = [
    "*stars*", "**bold**", "_under_", "x_y_z", "<b>html</b>", "<!-- note -->", "a | b", "`code`", "``two``",
    "[link](x)", "![img](x)", "[ref]", #"back\slash"#, #"\*escaped\*"#, "trailing\\", "# heading", "#7",
    "- dash", "+ plus", "1. first", "2) second", "> quote", "= setext", "---", "~~strike~~", "&amp; entity",
    "&#42;", "a  b", "Spider-Man (Peter Parker)",
  ]

  @Test(.enabled(if: renderer != nil, "cmark-gfm is not installed (.ci/run installs it); the render is not checked"))
  func markupInNamesRendersAsTheNamesThemselves() throws {
    let home = TemporaryDirectory()
    let date = MarvelDate.parse("2026-01-02T03:04:05Z") ?? .distantPast
    try home.save(
      Squad(
        members: Self.names.enumerated().map { index, name in
          Member(id: HeroID(index + 1), name: name, description: "said " + name, thumbnail: nil, recruitedAt: date)
        }))
    let export = try CLIProcess.run(
      ["export", "--format", "markdown", "--fields", "id,name,description", "--output", "squad.md"], home: home.path)
    #expect(export.status == 0, "\(export.stderr)")
    let rendered = try CLIProcess.execute(
      try #require(Self.renderer), ["-e", "table", "squad.md"], environment: [:], directory: home.path)
    #expect(rendered.status == 0)
    let rows = rendered.stdout.matches(of: try Regex(#"<tr>\s*<td[^>]*>(\d+)</td>\s*<td>(.*)</td>\s*<td>(.*)</td>"#))
    #expect(rows.count == Self.names.count, "\(rendered.stdout)")
    for row in rows {
      let id = try #require(row.output[1].substring.flatMap { Int($0) })
      let name = Self.names[id - 1]
      let cells = [row.output[2].substring, row.output[3].substring].map { String($0 ?? "") }
      #expect(!cells.contains { $0.contains("<") }, "markup was rendered for \(name): \(cells)")
      #expect(cells.map(Self.text) == [name, "said " + name])
    }
  }

  @Test(.enabled(if: renderer != nil, "cmark-gfm is not installed (.ci/run installs it); the render is not checked"))
  func aPictureAddressWithMarkupCharactersStaysTheSameLink() throws {
    let home = TemporaryDirectory()
    let address = "http://e.com/a_b*c~d.jpg?x=1&amp=2"
    try home.save(
      Squad(members: [
        Member(id: HeroID(1), name: "A", description: "", thumbnail: address, recruitedAt: .distantPast)
      ]))
    let export = try CLIProcess.run(
      ["export", "--format", "markdown", "--fields", "id,thumbnail", "--output", "squad.md"], home: home.path)
    #expect(export.status == 0, "\(export.stderr)")
    let rendered = try CLIProcess.execute(
      try #require(Self.renderer), ["-e", "table", "-e", "autolink", "squad.md"], environment: [:],
      directory: home.path)
    let escaped = address.replacingOccurrences(of: "&", with: "&amp;")
    #expect(rendered.stdout.contains("<a href=\"\(escaped)\">\(escaped)</a>"), "\(rendered.stdout)")
  }

  /// The text an HTML cell shows: cmark escapes only these four.
  static func text(_ html: String) -> String {
    html.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
  }
}
