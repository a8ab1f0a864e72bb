import Testing

/// Tests that lean on GNU/Linux itself — coreutils (`timeout`, `stat -c`, `truncate`), `/proc`,
/// `/dev/full`, util-linux — and so cannot run on macOS. Each says why when it is skipped there,
/// so a Mac run reports what it left out instead of failing for want of a tool (issue 28).
enum GNULinux {
  /// Whether this is a GNU/Linux system.
  static let isHere: Bool = {
    #if os(Linux)
      true
    #else
      false
    #endif
  }()
}

extension Trait where Self == ConditionTrait {
  /// Runs the test on GNU/Linux only; elsewhere it is skipped with "needs GNU/Linux: `why`".
  static func needsGNULinux(_ why: String) -> Self {
    .enabled(if: GNULinux.isHere, Comment(rawValue: "needs GNU/Linux: " + why))
  }
}
