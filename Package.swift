// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "squad",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "squad", targets: ["squad-cli"]),
    .library(name: "SquadCore", targets: ["SquadCore"]),
  ],
  targets: [
    // libcurl on first use rather than at start-up, for the static release build (scripts/build-release).
    .target(name: "LazyLibcurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    // Ctrl-C's cleanup: a signal handler must be async-signal-safe, which only C can promise.
    .target(name: "InterruptHandler"),
    // Async functions run where they are called unless they ask otherwise, so a command whose
    // work never waits runs start to finish on the main thread: no thread pool to start.
    .target(
      name: "SquadCore", dependencies: ["LazyLibcurl", "InterruptHandler"],
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
