import BuildInfo

/// What `squad --version` says. The version is defined here only (the packaging scripts read it
/// from this file), with the commit `scripts/build-release` recorded.
enum SquadVersion {
  static let number = "0.1.0"
  /// The day the release was cut, which the man page carries.
  static let date = "2026-11-25"

  /// E.g. `squad 0.1.0 (commit fda2077…)`.
  static var line: String {
    guard let commit = build_info_commit().map({ String(cString: $0) }) else {
      return "squad \(number) (commit not recorded: built by plain 'swift build', or outside a git checkout)"
    }
    let modified = build_info_tree_modified() != 0 ? ", with uncommitted changes" : ""
    return "squad \(number) (commit \(commit)\(modified))"
  }
}
