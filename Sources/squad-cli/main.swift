import Foundation
import SquadCore

InterruptCleanup.install()
let variables = ProcessInfo.processInfo.environment
let code = await SquadCLI.run(
  arguments: Array(CommandLine.arguments.dropFirst()), variables: variables, console: .standard(environment: variables))
exit(code)
