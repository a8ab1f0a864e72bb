import Foundation
import Testing

/// Issue 14, defects 4, 5, 8 and 10: inputs that never end, squad files that are not files,
/// impossible dates and byte-order marks, against the real binary.
@Suite struct InputEdgesEndToEndTests {
  @Test(.needsGNULinux("coreutils timeout")) func importingAnEndlessDeviceStopsAtTheLimit() throws {
    let result = try ShellScript().run(
      """
      (ulimit -v 3000000; timeout 60 "$SQUAD" import /dev/zero); echo "status=$?"
      """)
    #expect(result.stdout == "status=65\n", "\(result.stderr)")
    #expect(result.stderr.contains("/dev/zero is larger than 16 MiB"))
  }

  @Test(.needsGNULinux("coreutils timeout")) func endlessStdinStopsAtTheLimit() throws {
    let result = try ShellScript().run(
      """
      yes '{"id":1,"name":"a"}' | timeout 60 "$SQUAD" import -; echo "status=${PIPESTATUS[1]}"
      test -e squad.json || echo no-squad-written
      """)
    #expect(result.lines == ["status=65", "no-squad-written"], "\(result.stderr)")
    #expect(result.stderr.contains("<stdin> is larger than 16 MiB"))
  }

  @Test(.needsGNULinux("coreutils timeout, truncate and stat -c")) func aHugeSparseSquadFileIsRefusedFromItsSize()
    throws
  {
    let result = try ShellScript().run(
      """
      truncate -s 1G squad.json
      (ulimit -v 3000000; timeout 60 "$SQUAD" list); echo "status=$?"
      stat -c %s squad.json
      """)
    #expect(result.lines == ["status=65", "1073741824"], "\(result.stderr)")
    #expect(result.stderr.contains("squad.json is larger than 16 MiB"))
  }

  @Test(
    .needsGNULinux("coreutils timeout"),
    arguments: [["list"], ["recruit", "hulk"], ["import", "--replace", "members.jsonl"], ["export"]])
  func aFIFOSquadFileFailsAtOnceNamingWhatItIs(arguments: [String]) throws {
    let result = try ShellScript().run(
      """
      echo '{"id":1,"name":"a"}' > members.jsonl
      mkfifo squad.json
      timeout 60 "$SQUAD" \(arguments.joined(separator: " ")); echo "status=$?"
      test -p squad.json && echo still-a-fifo
      """)
    #expect(result.lines.suffix(2) == ["status=1", "still-a-fifo"], "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains("squad.json is a FIFO (named pipe), not a regular file"))
  }

  @Test func anImpossibleDateIsRefusedWithItsLine() throws {
    let result = try ShellScript().run(
      """
      printf '{"id":1,"name":"a","recruitedAt":"2026-02-30T00:00:00Z"}\\n' > members.jsonl
      "$SQUAD" import members.jsonl; echo "status=$?"
      """)
    #expect(result.stdout == "status=65\n")
    #expect(result.stderr.contains("members.jsonl:1: recruitedAt: '2026-02-30T00:00:00Z'"), "\(result.stderr)")
  }

  @Test func aByteOrderMarkStartingTheSquadFileIsReadLikeAnImport() throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" recruit hulk -q
      { printf '\\357\\273\\277'; cat squad.json; } > with-bom && mv with-bom squad.json
      "$SQUAD" list; echo "status=$?"
      "$SQUAD" recruit thor -q; echo "status=$?"
      "$SQUAD" import squad.json; echo "status=$?"
      """)
    #expect(result.lines.count == 4, "\(result.stdout) \(result.stderr)")
    #expect(result.lines.first?.contains("Hulk") == true)
    #expect(Array(result.lines.suffix(3)) == ["status=0", "status=0", "status=0"], "\(result.stderr)")
  }

  @Test func anImportThatWouldMakeTheSquadFileTooBigToReadIsRefused() throws {
    // 60 members, each with a description of 60,000 control characters (within HeroLimits), which
    // JSON writes six bytes each: a 21 MB squad file from a 3.6 MB import.
    let result = try ShellScript().run(
      """
      "$SQUAD" recruit hulk -q || exit 9
      cp squad.json before.json
      cp history.jsonl before-history.jsonl
      python3 -c 'import sys; sys.stdout.write("id,name,description\\n" + "".join(f"{7 + n},a," + "\\x01" * 60000 + "\\n" for n in range(60)))' > big.csv
      "$SQUAD" import big.csv; echo "status=$?"
      cmp -s squad.json before.json && cmp -s history.jsonl before-history.jsonl && echo unchanged
      "$SQUAD" list | cut -f2
      # Refused before anything is written: a fresh home gets no squad file and no history.
      "$SQUAD" --home fresh import big.csv 2>/dev/null; echo "status=$?"
      [ -e fresh/squad.json ] || [ -e fresh/history.jsonl ] || echo nothing-written
      """)
    #expect(
      result.lines == ["status=65", "unchanged", "Hulk", "status=65", "nothing-written"],
      "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains("the squad would be larger than 16 MiB, the most squad reads back"))
  }

  @Test(.needsGNULinux("coreutils timeout"), arguments: ["jsonl", "csv"])
  func millionsOfBadRecordsStopAfterAThousandProblems(format: String) throws {
    let content = format == "jsonl" ? #"'{}\\n' * (5 << 20)"# : #"'id,name\\n' + ',\\n' * (7 << 20)"#
    let result = try ShellScript().run(
      """
      python3 -c "import sys; sys.stdout.write(\(content))" > bad.\(format)
      (ulimit -v 3000000; timeout 60 "$SQUAD" import bad.\(format)); echo "status=$?"
      """)
    #expect(result.stdout == "status=65\n", "\(result.stderr)")
    #expect(
      result.stderr.contains("… and 980 more problems; squad stopped reading the file there."), "\(result.stderr)")
  }
}
