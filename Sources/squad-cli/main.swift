import Foundation
import SquadCore

InterruptCleanup.install()
StandardOutput.install()
let variables = ProcessStreams.environment()
guard let arguments = ProcessStreams.arguments() else {
  ProcessStreams.write(
    "Error: squad cannot read its command line here: this C library passes it only through /proc/self/cmdline, "
      + "and /proc is not mounted.\n", to: 2)
  exit(ExitCode.failure.rawValue)
}
if let problem = ProcessStreams.nonUTF8Input() {
  ProcessStreams.write("Error: \(problem).\n", to: 2)
  exit(ExitCode.usage.rawValue)
}
// The command starts here, on the main thread, and a command that never waits (list, a local
// listing) finishes and exits before any other thread exists. One that waits (the network)
// resumes on the main queue, which dispatchMain() serves. (Before macOS 26, which brought
// Task.immediate, the command starts on the main queue's first turn instead.)
@MainActor func command() async -> Never {
  let code = await SquadCLI.run(arguments: arguments, variables: variables, console: .standard(environment: variables))
  exit(StandardOutput.finish(code))
}
if #available(macOS 26, *) {
  Task.immediate { @MainActor in await command() }
} else {
  Task { @MainActor in await command() }
}
dispatchMain()
