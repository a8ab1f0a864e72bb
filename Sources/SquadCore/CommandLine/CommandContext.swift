import Foundation

/// Everything a command needs for one run: its arguments, output settings, the process
/// environment variables and the live parts (``LiveParts``).
struct CommandContext: Sendable {
  var arguments: ParsedArguments
  var output: OutputSettings
  var variables: [String: String]
  var parts: LiveParts
  var console: Console { parts.console }
  var environment: AppEnvironment { parts.environment }
  /// `--squad`, `SQUAD_NAME`, else the default squad.
  var squadName: SquadName { environment.squadFile.name }
  var isQuiet: Bool { arguments.has(.quiet) }
  var isTracing: Bool { arguments.has(.trace) }

  func notice(_ text: String) {
    if !isQuiet { console.err(TextSanitizer.clean(text)) }
  }

  func fail(_ message: String, _ code: ExitCode) -> Int32 {
    console.err("Error: " + TextSanitizer.clean(message))
    return code.rawValue
  }

  func finish(_ outcome: CommandOutcome) -> Int32 {
    switch outcome {
    case .exit(let code): return code.rawValue
    case .failed(let failure): return UsageError(failure: failure, command: arguments.command).report(to: console)
    case .error(let message, let code, let details):
      let exitCode = fail(message, code)
      for line in details { console.err(line) }
      return exitCode
    case .notice(let text):
      notice(text)
      return ExitCode.success.rawValue
    }
  }

  /// Where data came from when it was not the API.
  func noticeSource(_ source: DataSource?) {
    guard let source else { return }
    switch source {
    case .catalogue(.noKeys, _):
      // The normal case since the API was retired: said once per home, then remembered in the
      // cache (a file only a command that said it leaves; removing it only says it again).
      let said = parts.paths.localCatalogueNoticed
      guard !isQuiet, (try? FileKind.isPresent(said)) == false else { break }
      notice(
        "Using the local catalogue: no Marvel API keys are set. squad says this once; see 'squad help environment' "
          + "for keys, or to make offline your default.")
      if (try? AtomicFile.createDirectory(parts.paths.cacheDirectory)) != nil {
        _ = FileManager.default.createFile(atPath: said, contents: nil)
      }
    case .catalogue(.offline, _), .api, .squad: break
    case .catalogue(.apiDoesNotKnow, let updatedAt):
      notice("The Marvel API does not know this hero; showing the local catalogue's record (\(age(updatedAt))).")
    case .catalogue(.apiCannot(let what), let updatedAt):
      notice("The Marvel API cannot \(what); this listing is the local catalogue's (\(age(updatedAt))).")
    case .fallback(let problem, let updatedAt):
      notice("The Marvel API could not answer (\(problem)); showing the local catalogue (\(age(updatedAt))).")
    }
  }

  private func age(_ updatedAt: Date?) -> String {
    updatedAt.map { "last updated \(RelativeTime.describe($0, now: environment.now()))" } ?? "the bundled starter set"
  }
}
