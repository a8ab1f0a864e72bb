import Foundation
import Testing

/// Issue 14's second attack: every file squad reads goes through one bounded, non-blocking,
/// regular-files-only reader; squad.json has one UTF-8 rule; against the real binary.
@Suite struct FileRulesEndToEndTests {
  @Test(
    .needsGNULinux("coreutils timeout"),
    arguments: ["mkfifo cache/catalogue.json", "ln -s /dev/zero cache/catalogue.json"])
  func anOddCatalogueEndsAtOnceWithTheBundledSet(setUp: String) throws {
    let result = try ShellScript().run(
      """
      mkdir cache && \(setUp)
      (ulimit -v 3000000; timeout 60 "$SQUAD" --offline heroes --limit 1); echo "status=$?"
      """)
    #expect(result.lines.last == "status=0", "\(result.stdout) \(result.stderr)")
    #expect(result.lines.first?.contains("3-D Man") == true)
    #expect(result.stderr.contains("catalogue.json"))
  }

  @Test(
    .needsGNULinux("coreutils timeout and stat"),
    arguments: [
      ("mkfifo catalogue.sqc", "catalogue.sqc is a FIFO (named pipe)", "fifo"),
      ("mkdir catalogue.sqc", "catalogue.sqc is a folder", "directory"),
      (
        "ln -s nowhere catalogue.sqc", "catalogue.sqc is a symbolic link to a file that does not exist", "symbolic link"
      ),
    ])
  func aCatalogueThatIsNoFileIsAReadThatFailsNotDamage(setUp: String, message: String, kind: String) throws {
    // No bytes to check and none a repair could write over: exit 1 saying what is there, and it stays.
    let result = try ShellScript().run(
      """
      \(setUp)
      timeout 60 "$SQUAD" --offline show 1009610 >/dev/null; echo "show=$?"
      timeout 60 "$SQUAD" catalogue check; echo "check=$?"
      timeout 60 "$SQUAD" catalogue check --repair; echo "repair=$?"
      stat -c %F catalogue.sqc
      """)
    #expect(result.lines == ["show=1", "check=1", "repair=1", kind], "\(result.stdout) \(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(!result.stderr.contains("damaged") && !result.stderr.contains("--repair"), "\(result.stderr)")
  }

  @Test(arguments: [
    ("mkfifo config.json", "config.json is a FIFO (named pipe)"),
    ("ln -s /dev/zero config.json", "config.json is a character device"),
    ("mkdir config.json", "config.json is a folder"),
  ])
  func anOddConfigFileFailsAtOnceNamingWhatItIs(setUp: String, message: String) throws {
    let result = try ShellScript().run(
      """
      \(setUp)
      timeout 60 "$SQUAD" list; echo "status=$?"
      """)
    #expect(result.stdout == "status=1\n", "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test(.needsGNULinux("coreutils timeout and truncate")) func aHugeSparseConfigFileIsRefusedFromItsSize() throws {
    let result = try ShellScript().run(
      """
      truncate -s 2G config.json
      (ulimit -v 3000000; timeout 60 "$SQUAD" list); echo "status=$?"
      """)
    #expect(result.stdout == "status=65\n", "\(result.stderr)")
    #expect(result.stderr.contains("config.json is larger than 1 MiB"))
  }

  @Test(.needsGNULinux("coreutils timeout")) func aSocketSquadFileIsNamedAsOne() throws {
    let result = try ShellScript().run(
      """
      python3 -c 'import socket; socket.socket(socket.AF_UNIX).bind("squad.json")'
      timeout 60 "$SQUAD" list; echo "status=$?"
      test -S squad.json && echo still-a-socket
      """)
    #expect(result.lines == ["status=1", "still-a-socket"], "\(result.stderr)")
    #expect(result.stderr.contains("squad.json is a socket, not a regular file"), "\(result.stderr)")
  }

  @Test func aSquadFileThatIsNotUTF8IsCorruptAndKept() throws {
    let result = try ShellScript().run(
      """
      printf '{"schemaVersion":1,"members":[{"id":1009351,"name":"Hu\\377lk","recruitedAt":"2026-01-01T00:00:00Z"}]}' > squad.json
      cp squad.json before.json
      "$SQUAD" list; echo "status=$?"
      "$SQUAD" --offline recruit thor; echo "status=$?"
      cmp -s squad.json before.json && echo unchanged
      """)
    #expect(result.lines == ["status=65", "status=65", "unchanged"], "\(result.stderr)")
    #expect(result.stderr.contains("squad.json is not a valid squad file (not UTF-8 text)"))
  }

  @Test(.needsGNULinux("coreutils timeout")) func aNameLongerThanAnyHeroesIsNotFoundWithoutSuggestions() throws {
    let result = try ShellScript().run(
      """
      timeout 120 "$SQUAD" --offline recruit "$(head -c 100000 /dev/zero | tr '\\0' a)"; echo "status=$?"
      """)
    #expect(result.stdout == "status=3\n", "\(result.stderr.prefix(300))")
    #expect(!result.stderr.contains("Did you mean"))
  }

  @Test func aLeapSecondInTheSquadFileIsRefusedNotRolledOver() throws {
    let result = try ShellScript().run(
      """
      printf '{"schemaVersion":1,"members":[{"id":1009351,"name":"Hulk","recruitedAt":"2026-01-01T23:59:60Z"}]}' > squad.json
      "$SQUAD" list; echo "status=$?"
      printf '{"id":1009351,"name":"Hulk","recruitedAt":"2026-01-01T10:00:00+05:99"}\n' > members.jsonl
      rm squad.json; "$SQUAD" import members.jsonl; echo "status=$?"
      """)
    #expect(result.lines == ["status=65", "status=65"], "\(result.stderr)")
    #expect(result.stderr.contains("members.jsonl:1: recruitedAt"), "\(result.stderr)")
  }

  @Test func aReadOnlyFileIsNeverReplaced() throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" --offline recruit hulk -q
      echo keep > out.json; chmod 444 out.json
      "$SQUAD" export --output out.json; echo "status=$?"
      cat out.json
      chmod 444 squad.json; cp squad.json before.json
      "$SQUAD" --offline recruit thor; echo "status=$?"
      cmp -s squad.json before.json && echo squad-unchanged
      """)
    #expect(result.lines == ["status=1", "keep", "status=1", "squad-unchanged"], "\(result.stderr)")
    #expect(result.stderr.contains("out.json: it is read-only (mode 444)"), "\(result.stderr)")
    #expect(result.stderr.contains("squad.json: it is read-only (mode 444)"), "\(result.stderr)")
  }

  @Test(.needsGNULinux("stat -c"), arguments: ["4755", "2750", "6700"])
  func replacingAFileKeepsItsSpecialModeBits(mode: String) throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" --offline recruit hulk -q
      echo old > out.json; chmod \(mode) out.json
      "$SQUAD" export --output out.json -q; echo "status=$?"
      stat -c %a out.json
      """)
    #expect(result.lines == ["status=0", mode], "\(result.stderr)")
  }

  @Test func exportNeverCreatesFoldersNorWritesTheOwnFilesOfAHomeNotYetMade() throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" --home later export --output later/squad.json; echo "status=$?"
      "$SQUAD" --home later export --output later/../later/squad.lock; echo "status=$?"
      "$SQUAD" export --output missing/out.json; echo "status=$?"
      test -e later || test -e missing || echo nothing-created
      """)
    #expect(result.lines == ["status=1", "status=1", "status=1", "nothing-created"], "\(result.stderr)")
    #expect(result.stderr.contains("later/squad.json: it is one of squad's own files"), "\(result.stderr)")
    #expect(result.stderr.contains("missing/out.json: its folder missing does not exist"), "\(result.stderr)")
  }

  @Test(.needsGNULinux("/dev/full")) func aWriteThroughThatFailsPartWayDoesNotClaimNothingChanged() throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" --offline recruit hulk -q
      "$SQUAD" export --output /dev/full; echo "status=$?"
      """)
    #expect(result.lines == ["status=1"], "\(result.stderr)")
    #expect(result.stderr.contains("Could not finish writing /dev/full: No space left on device"), "\(result.stderr)")
    #expect(!result.stderr.contains("Nothing was changed"))
  }

  @Test(.needsGNULinux("/proc/self/environ")) func theKeysNeverReachAMessageEvenWhenAFileQuotedHoldsThem() throws {
    let result = try ShellScript().run(
      """
      env -i MARVEL_PRIVATE_KEY=s3cr3t-from-the-environment-0123456789 "$SQUAD" --home . import /proc/self/environ
      echo "status=$?"
      printf '{"publicKey":"public-key-in-config","privateKey":"private-key-in-config"}' > config.json; chmod 600 config.json
      printf 'private-key-in-config,public-key-in-config\n1,a\n' > keys.csv
      "$SQUAD" import keys.csv; echo "status=$?"
      """)
    #expect(result.lines == ["status=65", "status=65"], "\(result.stderr)")
    #expect(result.stderr.contains("[redacted]"), "\(result.stderr)")
    for part in ["s3cr3t", "private-key-in", "public-key-in"] {
      #expect(!result.stderr.contains(part), "\(result.stderr)")
    }
  }

  @Test func aPathThatIsNotUTF8IsRefusedNotRenamed() throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" --home $'hx\\xff' --offline recruit hulk; echo "status=$?"
      SQUAD_HOME=$'hy\\xff' "$SQUAD" --offline recruit hulk; echo "status=$?"
      ls | grep -c '^h' || true
      """)
    #expect(result.lines == ["status=64", "status=64", "0"], "\(result.stderr)")
    #expect(result.stderr.contains("is not UTF-8"), "\(result.stderr)")
  }

  @Test func aClosedStdinIsAReadErrorAndAnOverrunSaysWhereReadingStopped() throws {
    let result = try ShellScript().run(
      """
      "$SQUAD" import - <&-; echo "status=$?"
      "$SQUAD" --offline recruit - <&-; echo "status=$?"
      head -c 17000000 /dev/zero | "$SQUAD" import -; echo "status=${PIPESTATUS[1]}"
      """)
    #expect(result.lines == ["status=1", "status=1", "status=65"], "\(result.stderr)")
    let closed = result.stderr.components(separatedBy: "Could not read <stdin>: standard input is closed.")
    #expect(closed.count == 3, "import and recruit alike: \(result.stderr)")
    #expect(!result.stderr.contains("held none"), "\(result.stderr)")
    #expect(result.stderr.contains("squad stopped reading it there and changed nothing"), "\(result.stderr)")
    #expect(!result.stderr.contains("Nothing was read"))
  }
}
