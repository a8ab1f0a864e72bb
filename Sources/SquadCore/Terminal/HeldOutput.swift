#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// stdout kept until the run ends, so its height is known for the ``Pager``. A stderr line after
/// output started (`Showing 1–20 of 1564…`) joins it when stderr is the terminal too, as in git.
enum HeldOutput {
  private static let held = Mutex<(pager: Pager, text: String, joinsErrors: Bool)?>(nil)
  static func start(_ pager: Pager) { held.withLock { $0 = (pager, "", isatty(STDERR_FILENO) == 1) } }

  static func takeOutput(_ text: String) -> Bool {
    held.withLock { output in
      output?.text += text
      return output != nil
    }
  }

  static func takeError(_ line: String) -> Bool {
    held.withLock { output in
      guard let current = output, current.joinsErrors, !current.text.isEmpty, line.hasSuffix("\n") else {
        return false
      }
      output?.text += line
      return true
    }
  }

  static func release() -> (pager: Pager, text: String)? {
    held.withLock { output in
      defer { output = nil }
      return output.map { ($0.pager, $0.text) }
    }
  }
}
