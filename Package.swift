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
    .target(name: "SquadCore", dependencies: ["LazyLibcurl"]),
    .executableTarget(name: "squad-cli", dependencies: ["SquadCore"]),
    .testTarget(name: "SquadCoreTests", dependencies: ["SquadCore"]),
  ],
  swiftLanguageModes: [.v6]
)
