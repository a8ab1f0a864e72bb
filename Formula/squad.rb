# Homebrew formula for squad. This repository doubles as its tap:
#   brew tap OWNER/squad https://github.com/OWNER/squad && brew install squad
# squad has no public home yet. To publish: replace OWNER, cut the tag named below, and set
# `revision:` to `git rev-parse v<version>` (Homebrew checks that the tag still names it).
#
# Honest about platforms: squad is built and tested on Linux. This formula follows Homebrew's
# conventions for Swift tools built from source (as SwiftFormat's and SwiftLint's do) but has
# not been run by brew on macOS or Linux: no machine that builds squad has brew or is a Mac.
# `ruby -c` and scripts/packaginglib check what can be checked without them.
class Squad < Formula
  desc "Manage a squad of Marvel superheroes from the terminal"
  homepage "https://github.com/OWNER/squad"
  url "https://github.com/OWNER/squad.git",
      tag:      "v0.1.0",
      revision: "REPLACE-WITH-THE-COMMIT-OF-v0.1.0"
  license "MIT"
  head "https://github.com/OWNER/squad.git", branch: "main"

  # Swift 6.2 (Package.swift's tools version): Xcode 26, which runs on macOS 15.6 or later; the
  # binary's floor is macOS 15 (Package.swift's platforms). On Linux, Homebrew's swift.
  depends_on xcode: ["26.0", :build]
  depends_on macos: :sequoia
  uses_from_macos "swift" => :build
  # On Linux the network commands load libcurl the first time they need it; on macOS they use
  # the system's URLSession and the binary loads nothing beyond the system.
  uses_from_macos "curl"

  def install
    # `squad --version` names the commit, as every other way of installing squad does.
    ENV["SQUAD_COMMIT"] = Utils.git_head
    if OS.mac?
      # What scripts/build-release does on macOS, without SwiftPM's own sandbox (brew has one).
      system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "squad"
      bin.install ".build/release/squad"
    else
      # The release recipe every other Linux install uses: static Swift runtime, libcurl loaded
      # lazily, no PIE, nothing exported, stripped (scripts/build-release explains each flag).
      products = Utils.safe_popen_read("scripts/build-release").strip
      bin.install "#{products}/squad"
    end
    generate_completions_from_executable(bin/"squad", "completion")
    (man1/"squad.1").write Utils.safe_popen_read(bin/"squad", "help", "--man")
  end

  test do
    assert_match(/^squad \S+ \(commit \h{7}/, shell_output("#{bin}/squad --version"))
    assert_match "Hulk", shell_output("#{bin}/squad --home #{testpath} heroes hulk --offline")
    system bin/"squad", "--home", testpath, "--offline", "recruit", "hulk"
    assert_match "Hulk", shell_output("#{bin}/squad --home #{testpath} list")
    assert_match ".TH SQUAD 1", shell_output("#{bin}/squad help --man")
  end
end
