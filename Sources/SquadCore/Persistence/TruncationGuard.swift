import Foundation

/// A mapped file cut short by another program raises SIGBUS: say so and exit 1 rather than crash.
enum TruncationGuard {
  private static let installed: Void = {
    let handler: @convention(c) (Int32) -> Void = { _ in
      // Only async-signal-safe calls: a static string, write and _exit.
      let message: StaticString =
        "Error: a file squad was reading was cut short by another program. Run the command again.\n"
      message.withUTF8Buffer { _ = write(2, $0.baseAddress, $0.count) }
      _exit(1)
    }
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigaction(SIGBUS, &action, nil)
  }()

  static func install() { _ = installed }
}
