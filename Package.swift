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
    .target(name: "SquadCore"),
    .executableTarget(name: "squad-cli", dependencies: ["SquadCore"]),
    // The reliability suite's in-process fuzzer (scripts/stress); not a product.
    .executableTarget(name: "squad-fuzz", dependencies: ["SquadCore"]),
    .testTarget(name: "SquadCoreTests", dependencies: ["SquadCore"]),
  ],
  swiftLanguageModes: [.v6]
)
