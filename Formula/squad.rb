# Homebrew formula for squad. This repository doubles as its tap:
#   brew tap OWNER/squad https://github.com/OWNER/squad && brew install squad
# OWNER stands for the account that will publish squad, which has no public home yet: replace it
# (and cut the tag named below) when publishing.
#
# Honest about platforms: squad is built and tested on Linux only. This formula is written for
# macOS and Linux but has been run on neither (no machine that builds squad has brew, and none
# builds for macOS); `ruby -c` and scripts/test check what can be checked without brew.
class Squad < Formula
  desc "Manage a squad of Marvel superheroes from the terminal"
  homepage "https://github.com/OWNER/squad"
  url "https://github.com/OWNER/squad.git", tag: "v0.1.0"
  license "MIT"
  head "https://github.com/OWNER/squad.git", branch: "main"

  # Swift 6 (Package.swift's tools version 6.0): Xcode 16 on macOS, Homebrew's swift on Linux.
  depends_on xcode: ["16.0", :build]
  uses_from_macos "swift" => :build
  # The network commands load libcurl the first time they need it; everything local works without.
  uses_from_macos "curl"

  def install
    # `squad --version` names the commit, as every other way of installing squad does.
    ENV["SQUAD_COMMIT"] = Utils.git_head
    if OS.linux?
      # The release recipe every other install uses: static Swift runtime, libcurl loaded lazily,
      # no PIE, nothing exported, stripped (scripts/build-release explains each flag).
      products = Utils.safe_popen_read("scripts/build-release").strip
      bin.install "#{products}/squad"
    else
      # macOS ships the Swift runtime and URLSession's networking: the Linux-only flags do not apply.
      system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "squad"
      bin.install ".build/release/squad"
    end
    generate_completions_from_executable(bin/"squad", "completion")
    (man1/"squad.1").write Utils.safe_popen_read(bin/"squad", "help", "--man")
  end

  test do
    assert_match "squad #{version} (commit ", shell_output("#{bin}/squad --version")
    assert_match "Hulk", shell_output("#{bin}/squad --home #{testpath} heroes hulk --offline")
    assert_match ".TH SQUAD 1", shell_output("#{bin}/squad help --man")
  end
end
