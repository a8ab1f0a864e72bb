// swift-tools-version:6.2
import PackageDescription

// scripts/build-release names the commit it builds (and whether the tree had uncommitted changes)
// in the environment; only BuildInfo's one C file sees it, so a new commit costs a relink. A plain
// `swift build` sets neither, and `squad --version` then says the commit was not recorded.
let commit = Context.environment["SQUAD_COMMIT"].flatMap { text in
  text.count >= 7 && text.count <= 64 && text.allSatisfy(\.isHexDigit) ? text.lowercased() : nil
}
let buildInfo: [CSetting] =
  (commit.map { [.define("SQUAD_COMMIT", to: "\"\($0)\"")] } ?? [])
  + (Context.environment["SQUAD_TREE_MODIFIED"] == "1" ? [.define("SQUAD_TREE_MODIFIED")] : [])

let package = Package(
  name: "squad",
  // The real floors (docs/DECISIONS.md, issue 28): Swift 6.2 (NonisolatedNonsendingByDefault,
  // Task.immediate), so Xcode 26, which itself needs macOS 15.6 to run; macOS 15 for
  // String(validating:as:) and the tests' task executors. Task.immediate (macOS 26) is behind #available.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "squad", targets: ["squad-cli"]),
    .library(name: "SquadCore", targets: ["SquadCore"]),
  ],
  targets: [
    // libcurl on first use rather than at start-up, for the static release build (scripts/build-release).
    .target(name: "LazyLibcurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // Ctrl-C's cleanup: a signal handler must be async-signal-safe, which only C can promise.
    .target(name: "InterruptHandler"),
    // The command line from main's own argc/argv, where the runtime would read /proc/self/cmdline.
    .target(name: "LaunchArguments"),
    .target(name: "BuildInfo", cSettings: buildInfo),
    // Async functions run where they are called unless they ask otherwise, so a command whose
    // work never waits runs start to finish on the main thread: no thread pool to start.
    .target(
      name: "SquadCore", dependencies: ["LazyLibcurl", "InterruptHandler", "LaunchArguments", "BuildInfo"],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    .executableTarget(
      name: "squad-cli", dependencies: ["SquadCore"],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    // The reliability suite's in-process fuzzer (scripts/stress); not a product.
    .executableTarget(
      name: "squad-fuzz", dependencies: ["SquadCore"],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    .testTarget(
      name: "SquadCoreTests", dependencies: ["SquadCore"],
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
  ],
  swiftLanguageModes: [.v6]
)
