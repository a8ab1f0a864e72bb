import Foundation
import Testing

@testable import SquadCore

/// Found by the attack on issue 29: two records of the same length swapped whole keep every
/// checksum and every index offset, and only the key order shows the damage. Name lookups
/// bisect on that order, so they hid one hero and showed the other in its place with no word;
/// the picker browsed it so, and Enter fired the hero shown. Every answer must now equal the
/// undamaged one or say the catalogue is damaged.
@Suite struct CatalogueSwappedRecordsEndToEndTests {
  /// A home whose catalogue has two records of one length, far apart in name order, swapped;
  /// the folded names of the two.
  func swapped() throws -> (SquadProcess, String, String) {
    let squad = SquadProcess()
    try squad.home.write(#"{"id":5000001,"name":"Someone"}"#, to: "one.jsonl")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.jsonl")).status == 0)
    var lines = String(decoding: try #require(squad.home.contents("catalogue.sqc")), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let records = lines.indices.filter { lines[$0].hasPrefix(#"{"k":""#) }
    func key(_ line: String) -> String { String(line.dropFirst(6).prefix { $0 != "\"" }) }
    var byLength: [Int: Int] = [:]
    var pair: (Int, Int)?
    for index in records {
      if let other = byLength[lines[index].utf8.count], key(lines[other]).first != key(lines[index]).first {
        pair = (other, index)
        break
      }
      byLength[lines[index].utf8.count] = index
    }
    let (first, second) = try #require(pair, "two records of one length")
    let names = (key(lines[first]), key(lines[second]))
    lines.swapAt(first, second)
    try squad.home.write(lines.joined(separator: "\n"), to: "catalogue.sqc")
    return (squad, names.0, names.1)
  }

  @Test func nameLookupsOfSwappedRecordsSayTheCatalogueIsDamaged() throws {
    let (squad, first, second) = try swapped()
    let undamaged = SquadProcess()
    try undamaged.home.write(#"{"id":5000001,"name":"Someone"}"#, to: "one.jsonl")
    #expect(try undamaged.run("catalogue", "import", undamaged.home.file("one.jsonl")).status == 0)
    for arguments in [
      ["heroes", String(first.prefix(3))], ["heroes", String(second.prefix(3))], ["heroes", first],
      ["heroes", second], ["heroes", "--all"], ["heroes", "--order", "-comics", "--all"],
    ] {
      let answer = try squad.run(arguments: arguments + ["--offline"])
      let expected = try undamaged.run(arguments: arguments + ["--offline"])
      #expect(
        answer.stdout == expected.stdout || answer.stderr.contains("is damaged"),
        "\(arguments): \(answer.stdout) \(answer.stderr)")
      #expect(answer.stdout == expected.stdout, "\(arguments): the intact view answers as the undamaged file")
    }
    let check = try squad.run("catalogue", "check")
    #expect(check.status == 65, "\(check.stdout)")
  }
}

/// The picker over a damaged catalogue browses what is intact of it and the bundled set, as every
/// other read does: it showed "(this catalogue record cannot be read)" where the bundled Hulk is.
@Suite(.enabled(if: PseudoTerminal.isAvailable, "python3 is needed for a pseudo-terminal"))
struct PickDamagedCatalogueEndToEndTests {
  @Test func thePickerAnswersFromWhatIsIntactAndRecruitsTheHeroShown() throws {
    let squad = SquadProcess()
    try squad.home.write(#"{"id":5000001,"name":"Someone"}"#, to: "one.jsonl")
    #expect(try squad.run("catalogue", "import", squad.home.file("one.jsonl")).status == 0)
    let text = String(decoding: try #require(squad.home.contents("catalogue.sqc")), as: UTF8.self)
    try squad.home.write(
      text.replacingOccurrences(of: #""name":"Hulk","#, with: #""nome":"Hulk","#), to: "catalogue.sqc")
    let session = try PickTerminal.run(
      ["pick", "hulk"], home: squad.home.path,
      steps: [.wait("1009351"), .type(" "), .wait("+1 to recruit"), .type("\r"), .waitExit])
    #expect(session.error == nil, "\(session.error ?? "") \(session.screen)")
    #expect(session.exit == 0, "\(session.stderr ?? "")")
    #expect(!session.screen.contains("cannot be read"), "\(session.screen)")
    #expect(session.stderr?.contains("is damaged") == true, "\(session.stderr ?? "")")
    #expect(try squad.run("list", "--format", "tsv").stdout.hasPrefix("1009351\tHulk"))
  }
}
