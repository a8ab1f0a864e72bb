import Foundation
import Testing

@testable import SquadCore

#if canImport(Glibc)
  import Glibc
#endif

/// squad where packaging runs it (a chroot or a minimal container without /proc, an empty
/// argument vector), and `--version` naming what it was built from.
@Suite struct LaunchEndToEndTests {
  /// How this machine starts a shell in a mount namespace of its own (as root, or as root of a
  /// user namespace), or nil when it cannot.
  static let isolated: [String]? = {
    guard let unshare = CLIProcess.which("unshare") else { return nil }
    return [["-m"], ["-r", "-m"]].map { [unshare.path] + $0 }.first { prefix in
      let probe = try? CLIProcess.execute(
        URL(fileURLWithPath: prefix[0]), Array(prefix.dropFirst()) + ["true"], environment: [:], directory: nil)
      return probe?.status == 0 && probe?.wasSignalled == false
    }
  }()

  @Test(.enabled(if: isolated != nil, "this machine cannot unshare a mount namespace; squad without /proc is not run"))
  func withoutProcTheCompletionScriptTheManPageAndTheVersionComeOut() throws {
    let home = TemporaryDirectory()
    let commands = [["completion", "bash"], ["help", "--man"], ["--version"], ["heroes", "hulk", "--offline"]]
    // /proc cannot be unmounted in a user namespace (the mount is locked there); covering it hides it as well.
    let script =
      "umount -l /proc 2>/dev/null || mount -t tmpfs none /proc || exit 90\n[ -e /proc/self/cmdline ] && exit 91\n"
      + commands.enumerated().map { index, words in
        "\"$SQUAD\" \(words.joined(separator: " ")) > \(index).out 2> \(index).err; echo $?"
      }.joined(separator: "\n")
    let isolated = try #require(Self.isolated)
    let result = try CLIProcess.execute(
      URL(fileURLWithPath: isolated[0]), Array(isolated.dropFirst()) + ["/bin/sh", "-c", script],
      environment: CLIProcess.environment(
        home: home.path, adding: ["SQUAD": SquadProcess.binary, "SQUAD_HOME": home.path]),
      directory: home.path)
    #expect(result.status == 0 && result.lines == ["0", "0", "0", "0"], "\(result.stdout)\(result.stderr)")
    for (index, words) in commands.enumerated() {
      let withProc = try CLIProcess.run(words, home: home.path)
      #expect(home.contents("\(index).out") == withProc.stdoutData, "\(words)")
      #expect(home.contents("\(index).err") == Data(), "\(words)")
    }
  }

  // libdispatch traps when its busy worker pool cannot read /proc: squad says so before going online.
  @Test(.enabled(if: isolated != nil, "this machine cannot unshare a mount namespace; squad without /proc is not run"))
  func withoutProcANetworkCommandSaysWhatIsMissingInsteadOfTrapping() throws {
    let home = TemporaryDirectory()
    let commands = [["show", "hulk"], ["sync"], ["heroes", "--all"]]
    let script =
      "umount -l /proc 2>/dev/null || mount -t tmpfs none /proc || exit 90\n"
      + commands.map { "\"$SQUAD\" \($0.joined(separator: " ")) > /dev/null 2>> err; echo $?" }.joined(separator: "\n")
    let isolated = try #require(Self.isolated)
    let result = try CLIProcess.execute(
      URL(fileURLWithPath: isolated[0]), Array(isolated.dropFirst()) + ["/bin/sh", "-c", script],
      environment: CLIProcess.environment(
        home: home.path,
        adding: [
          "SQUAD": SquadProcess.binary, "SQUAD_HOME": home.path, "MARVEL_PUBLIC_KEY": TestKeys.publicKey,
          "MARVEL_PRIVATE_KEY": TestKeys.privateKey, "MARVEL_API_BASE": "http://127.0.0.1:9/v1/public",
        ]),
      directory: home.path)
    #expect(result.status == 0 && result.lines == ["1", "1", "1"], "\(result.stdout)\(result.stderr)")
    let errors = String(decoding: home.contents("err") ?? Data(), as: UTF8.self)
    #expect(errors.components(separatedBy: "/proc is not mounted").count == 4, "\(errors)")
  }

  @Test func anEmptyArgumentVectorIsNoArgumentsNotACrash() throws {
    let home = TemporaryDirectory()
    let output = home.file("out")
    #if os(Linux)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var pid: pid_t = 0
    var noArguments: [UnsafeMutablePointer<CChar>?] = [nil]
    var environment: [UnsafeMutablePointer<CChar>?] = [strdup("HOME=" + home.path), nil]
    defer { free(environment[0]) }
    #expect(posix_spawn(&pid, SquadProcess.binary, &actions, nil, &noArguments, &environment) == 0)
    var status: Int32 = 0
    #expect(waitpid(pid, &status, 0) == pid)
    // Exited (not signalled) with 0, having printed root help as `squad` alone does.
    #expect(status & 0x7f == 0 && (status >> 8) & 0xff == 0, "wait status \(status)")
    #expect(String(decoding: home.contents("out") ?? Data(), as: UTF8.self).hasPrefix("OVERVIEW: "))
  }

  @Test func versionNamesTheCommitTheBuildRecorded() throws {
    let home = TemporaryDirectory()
    let result = try CLIProcess.run(["--version"], home: home.path)
    #expect(result.status == 0 && result.stderr.isEmpty)
    let prefix = "squad \(SquadVersion.number) (commit "
    #expect(result.stdout.hasPrefix(prefix) && result.stdout.hasSuffix(")\n"), "\(result.stdout)")
    let commit = result.stdout.dropFirst(prefix.count).prefix { $0 != ")" && $0 != "," }
    // scripts/test names the commit it checks the release build of; a plain debug build records none.
    if let expected = ProcessInfo.processInfo.environment["SQUAD_TEST_COMMIT"], !expected.isEmpty {
      #expect(commit == expected)
    } else {
      #expect(commit == "not recorded: built by plain 'swift build'" || commit.count == 40, "\(result.stdout)")
    }
  }
}
