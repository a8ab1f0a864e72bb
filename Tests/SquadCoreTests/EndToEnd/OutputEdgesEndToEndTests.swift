import Foundation
import Testing

/// Issue 14, defects 1–3: `export --output`, stdout and the squad file when what is at the path
/// is not a plain file, or when the write fails. The real binary, real devices, pipes and links.
@Suite struct OutputEdgesEndToEndTests {
  private static let recruitTwo = "\"$SQUAD\" recruit hulk -q && \"$SQUAD\" recruit thor -q || exit 9\n"

  @Test(.enabled(if: ShellScript.canMakeDevices, "mknod needs root; this run is not root"))
  func exportWritesThroughACharacterDeviceInsteadOfReplacingIt() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        mknod -m 666 mynull c 1 3
        "$SQUAD" export --output mynull; echo "status=$?"
        test -c mynull && echo still-a-device
        """)
    #expect(result.stdout.contains("status=0"), "\(result.stderr)")
    #expect(result.stdout.contains("still-a-device"))
  }

  @Test(.needsGNULinux("/proc/self/fd")) func exportThroughALinkToStdoutReachesThePipe() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        ln -s /proc/self/fd/1 mystdout
        bytes=$("$SQUAD" export --output mystdout | wc -c); echo "bytes=$bytes"
        test -L mystdout && echo still-a-link
        """)
    let bytes = result.stdout.split(separator: "\n").first { $0.hasPrefix("bytes=") }.flatMap { Int($0.dropFirst(6)) }
    #expect((bytes ?? 0) > 100, "\(result.stdout) \(result.stderr)")
    #expect(result.stdout.contains("still-a-link"))
  }

  @Test(.needsGNULinux("coreutils timeout")) func exportWritesThroughAFIFO() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        mkfifo pipe
        cat pipe > got & reader=$!
        timeout 60 "$SQUAD" export --format csv --output pipe; echo "status=$?"
        wait $reader
        test -p pipe && echo still-a-fifo
        head -1 got
        """)
    #expect(result.stdout.contains("status=0"), "\(result.stderr)")
    #expect(result.stdout.contains("still-a-fifo"))
    #expect(result.stdout.contains("id,name,description,thumbnail,recruitedAt"))
  }

  @Test(.needsGNULinux("stat -c")) func exportFollowsALinkAndReplacesItsTargetKeepingTheMode() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        mkdir elsewhere; echo old > elsewhere/out.json; chmod 600 elsewhere/out.json
        ln -s elsewhere/out.json link.json
        echo keep > readable.json; chmod 640 readable.json
        "$SQUAD" export --output link.json -q && "$SQUAD" export --output readable.json -q || echo failed
        test -L link.json && echo still-a-link
        stat -c '%a' elsewhere/out.json readable.json
        grep -c '"Hulk"' elsewhere/out.json
        ls -a elsewhere | grep -c tmp-
        """)
    #expect(!result.stdout.contains("failed"), "\(result.stderr)")
    #expect(result.lines == ["still-a-link", "600", "640", "1", "0"], "\(result.stdout)")
  }

  @Test func exportRefusesSquadsOwnFilesAndDanglingLinks() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        cp squad.json before.json
        ln -s squad.json alias.json
        ln -s missing/target.json dangling.json
        for target in "$SQUAD_HOME/squad.json" alias.json squad.lock dangling.json; do
          "$SQUAD" export --output "$target"; echo "status=$?"
        done
        cmp -s squad.json before.json && echo squad-unchanged
        test -L dangling.json && test -L alias.json && echo links-kept
        """)
    #expect(
      result.lines == ["status=1", "status=1", "status=1", "status=1", "squad-unchanged", "links-kept"],
      "\(result.stderr)")
    #expect(result.stderr.contains("one of squad's own files"))
    #expect(result.stderr.contains("dangling.json is a symbolic link to a file that does not exist"))
  }

  @Test(.needsGNULinux("/dev/full"), arguments: [["export"], ["list", "--json"], ["export", "--format", "csv"]])
  func aFailedWriteToStdoutExitsOneNamingStandardOutput(arguments: [String]) throws {
    let result = try ShellScript().run(
      Self.recruitTwo + "\"$SQUAD\" \(arguments.joined(separator: " ")) > /dev/full; echo \"status=$?\"")
    #expect(result.stdout == "status=1\n")
    #expect(result.stderr.contains("Could not write to standard output: No space left on device"), "\(result.stderr)")
  }

  @Test func aClosedPipeEndsSquadQuietly() throws {
    // The reader is closed before squad starts, so the first write fails every time; the child
    // gets the default SIGPIPE disposition, as from a shell.
    let result = try ShellScript().run(
      #"""
      python3 -c '
      import os, subprocess, sys
      r, w = os.pipe(); os.close(r)
      p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
      print("status=%d" % p.returncode); sys.stdout.write(p.stderr.decode())
      ' "$SQUAD" heroes --all
      python3 -c '
      import os, subprocess, sys
      r, w = os.pipe(); os.close(r)
      p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
      print("output-status=%d" % p.returncode); sys.stdout.write(p.stderr.decode())
      ' "$SQUAD" export --output /dev/stdout -q
      set -o pipefail
      "$SQUAD" heroes --all 2>err | head -1 > /dev/null; echo "pipeline=$?"
      cat err
      """#)
    #expect(result.lines.first == "status=0", "\(result.stdout)")
    #expect(result.lines.contains("output-status=0"), "\(result.stdout)")
    #expect(result.stdout.contains("pipeline=0"))
    #expect(!result.stdout.contains("Error"), "\(result.stdout)")
  }

  @Test(.needsGNULinux("stat -c")) func aSymlinkedSquadFileIsFollowedAndKeepsItsMode() throws {
    let result = try ShellScript().run(
      """
      mkdir -p home elsewhere
      printf '{"schemaVersion": 1, "members": []}\\n' > elsewhere/target.json; chmod 600 elsewhere/target.json
      ln -s ../elsewhere/target.json home/squad.json
      SQUAD_HOME=$PWD/home "$SQUAD" recruit hulk -q; echo "status=$?"
      test -L home/squad.json && echo still-a-link
      stat -c '%a' elsewhere/target.json
      grep -c Hulk elsewhere/target.json
      """)
    #expect(result.lines == ["status=0", "still-a-link", "600", "1"], "\(result.stderr)")
  }

  @Test func aDanglingSquadFileLinkIsReportedNotReplaced() throws {
    let result = try ShellScript().run(
      """
      ln -s ../nowhere/target.json squad.json
      "$SQUAD" list; echo "status=$?"
      "$SQUAD" recruit hulk; echo "status=$?"
      test -L squad.json && echo still-a-link
      """)
    #expect(result.lines == ["status=1", "status=1", "still-a-link"], "\(result.stderr)")
    #expect(result.stderr.contains("squad.json is a symbolic link to a file that does not exist"))
  }

  @Test func exportToDevStdoutKeepsTheShellsAppend() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        echo first > log
        "$SQUAD" export --format tsv --output /dev/stdout -q >> log; echo "status=$?"
        cat log
        """)
    #expect(result.lines.first == "status=0", "\(result.stderr)")
    #expect(result.lines.dropFirst().first == "first")
    #expect(result.lines.count == 4, "\(result.stdout)")
  }

  @Test(.needsGNULinux("stat -c")) func closedStandardStreamsNeverBecomeSquadsFiles() throws {
    let result = try ShellScript().run(
      Self.recruitTwo + """
        "$SQUAD" list >&-; echo "status=$?"
        "$SQUAD" recruit 1009610 >&- 2>&-; echo "status=$?"
        "$SQUAD" fire thor --yes <&- >&- 2>&-; echo "status=$?"
        stat -c %s squad.lock
        "$SQUAD" list | cut -f2
        """)
    #expect(
      result.lines == ["status=1", "status=0", "status=0", "0", "Hulk", "Spider-Man (Peter Parker)"], "\(result.stdout)"
    )
    #expect(result.stderr.contains("Could not write to standard output: Bad file descriptor"))
  }
}
