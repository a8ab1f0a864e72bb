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
    .testTarget(name: "SquadCoreTests", dependencies: ["SquadCore"]),
  ],
  swiftLanguageModes: [.v6]
)
