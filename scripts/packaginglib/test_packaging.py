"""Packaging, end to end: scripts/install, scripts/package-deb, scripts/release and the Homebrew
formula, run as a packager and a user would. scripts/test runs this after the release build.

Completion is checked by real shells on a pseudo-terminal, typing `squad rec<TAB>` and
`squad recruit spi<TAB>` as a person does. Each starts with nothing in its user's profile (an
empty HOME): bash as a login shell, so the system profile turns bash-completion on as Debian does;
zsh with an empty .zshrc and then `compinit`, the one line every zsh user's setup has; fish as it
comes. The DESTDIR stands in for /usr/local: bash-completion's default XDG_DATA_DIRS
(/usr/local/share:/usr/share) and fish's (when a session names /usr/local/share) point at it, and
zsh's fpath entry /usr/local/share/zsh/site-functions is swapped for its copy there.

A test whose tool is missing is skipped and says which tool (.ci/run installs them all).
"""

import gzip
import hashlib
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
INSTALLED = [
    "bin/squad",
    "share/man/man1/squad.1.gz",
    "share/bash-completion/completions/squad",
    "share/zsh/site-functions/_squad",
    "share/fish/vendor_completions.d/squad.fish",
]


def run(args, env=None, cwd=REPO, check=True):
    """Runs a command to the end; its output as text."""
    result = subprocess.run(
        args, cwd=cwd, env={**os.environ, **(env or {})}, capture_output=True, text=True, timeout=3600
    )
    if check and result.returncode != 0:
        raise AssertionError(f"{args} exited {result.returncode}:\n{result.stdout}\n{result.stderr}")
    return result


def files_under(root):
    """Every file (and link) below root, relative, sorted."""
    return sorted(
        str(Path(folder, name).relative_to(root))
        for folder, _, names in os.walk(root)
        for name in names
    )


class Shell:
    """An interactive shell on a pseudo-terminal, driven key by key."""

    ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")

    def __init__(self, argv, env, cwd):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.chdir(cwd)
            os.execvpe(argv[0], argv, env)
        self.output = b""

    def type(self, keys, until, timeout=60):
        """Types keys, then reads until `until` appears in what the shell printed since."""
        start = len(self.output)
        os.write(self.fd, keys.encode())
        deadline = time.monotonic() + timeout
        while until.encode() not in self.screen(start):
            ready, _, _ = select.select([self.fd], [], [], max(0, deadline - time.monotonic()))
            chunk = os.read(self.fd, 65536) if ready else b""
            if not chunk:
                raise AssertionError(
                    f"after typing {keys!r}, no {until!r} within {timeout} s; the shell showed:\n"
                    + self.screen(start).decode(errors="replace")
                )
            self.output += chunk

    def screen(self, start=0):
        return self.ESCAPES.sub(b"", self.output[start:]).replace(b"\r", b"")

    def close(self):
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


class InstallTests(unittest.TestCase):
    """scripts/install into a fresh DESTDIR, the shells completing from its files, and --uninstall."""

    @classmethod
    def setUpClass(cls):
        cls.scratch = Path(tempfile.mkdtemp(prefix="squad-install-"))
        cls.destdir = cls.scratch / "stage"
        run(["scripts/install"], env={"DESTDIR": str(cls.destdir)})
        cls.prefix = cls.destdir / "usr/local"
        cls.squad = cls.prefix / "bin/squad"

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch)

    def shell(self, argv, env, empty_profile=None):
        home = Path(tempfile.mkdtemp(dir=self.scratch))
        if empty_profile:
            (home / empty_profile).touch()
        if argv[0] == "fish":
            # Without it, an interactive fish starts a disowned job that parses every man page into
            # it: the job outlived the test and raced the scratch folder's removal.
            (home / ".local/share/fish/generated_completions").mkdir(parents=True)
        base = {"HOME": str(home), "SQUAD_HOME": str(home), "TERM": "xterm", "LANG": "C.UTF-8"}
        session = Shell(argv, {**base, **env}, home)
        self.addCleanup(session.close)
        return session, home

    def test_installs_exactly_the_binary_the_manual_and_three_completions(self):
        self.assertEqual(files_under(self.destdir), sorted("usr/local/" + path for path in INSTALLED))
        self.assertEqual(self.squad.stat().st_mode & 0o777, 0o755)
        manual = gzip.decompress((self.prefix / INSTALLED[1]).read_bytes()).decode()
        self.assertEqual(manual, run([self.squad, "help", "--man"]).stdout)
        for shell, path in zip(["bash", "zsh", "fish"], INSTALLED[2:]):
            self.assertEqual((self.prefix / path).read_text(), run([self.squad, "completion", shell]).stdout)
        self.assertRegex(run([self.squad, "--version"]).stdout, r"^squad \S+ \(commit [0-9a-f]{40}")

    @unittest.skipUnless(Path("/usr/share/bash-completion/bash_completion").exists(), "bash-completion is not installed")
    def test_bash_with_bash_completion_completes_from_the_installed_file(self):
        bash, _ = self.shell(
            ["bash", "--login", "-i"], {"PATH": "/usr/bin:/bin", "XDG_DATA_DIRS": f"{self.prefix}/share:/usr/share"}
        )
        # The system profile sets PATH; put the staged bin/ first, as /usr/local/bin would be.
        bash.type(f"PATH={self.prefix}/bin:$PATH; echo READY$((40 + 2))\n", "READY42")
        bash.type("squad rec\t", "squad recruit ")
        # The first TAB fills in what every match shares; the next two list them, as readline does.
        bash.type("\x15squad recruit spi\t", "Spi")
        bash.type("\t\t", "Spider-Man (Peter Parker)")

    @unittest.skipUnless(shutil.which("zsh"), "zsh is not installed")
    def test_zsh_completes_from_the_installed_file(self):
        default = run(["zsh", "-f", "-c", "print -l -- $fpath"]).stdout.split()
        self.assertIn("/usr/local/share/zsh/site-functions", default)
        # An empty .zshrc, not none: with none, zsh starts its new-user questionnaire.
        zsh, _ = self.shell(["zsh", "-i"], {"PATH": f"{self.prefix}/bin:/usr/bin:/bin"}, empty_profile=".zshrc")
        zsh.type(
            f"fpath=({self.prefix}/share/zsh/site-functions ${{fpath:#/usr/local/share/zsh/site-functions}}); "
            "autoload -U compinit && compinit -u; echo READY$((40 + 2))\n",
            "READY42",
        )
        zsh.type("squad rec\t", "squad recruit ")
        # The first TAB fills in "Spi", the second lists the heroes as a person reads them, without
        # the backslashes that quote them when inserted (issue 31; zsh redraws only what changed, so
        # "Spi" never shows whole).
        zsh.type("\x15squad recruit spi\t\t", "Spider-Man (Peter Parker)")

    @unittest.skipUnless(shutil.which("fish"), "fish is not installed")
    def test_fish_completes_from_the_installed_file(self):
        fish, _ = self.shell(
            ["fish", "-i"],
            {"PATH": f"{self.prefix}/bin:/usr/bin:/bin", "XDG_DATA_DIRS": f"{self.prefix}/share:/usr/share"},
        )
        fish.type("echo READY(math 40 + 2)\n", "READY42")
        fish.type("squad rec\t", "squad recruit ")
        fish.type("\x15squad recruit spi\t", "Spider-Man (Peter Parker)")

    def test_a_live_install_says_when_bash_completion_would_not_find_its_file(self):
        prefix = self.scratch / "live"
        unseen = run(["scripts/install"], env={"PREFIX": str(prefix), "XDG_DATA_DIRS": "/usr/share"})
        self.assertIn(f"bash-completion here does not look in {prefix}/share", unseen.stderr)
        seen = run(["scripts/install"], env={"PREFIX": str(prefix), "XDG_DATA_DIRS": f"{prefix}/share:/usr/share"})
        self.assertNotIn("bash-completion here", seen.stderr)

    def test_uninstall_removes_every_file_it_installed(self):
        destdir = self.scratch / "again"
        run(["scripts/install"], env={"DESTDIR": str(destdir)})
        self.assertEqual(len(files_under(destdir)), 5)
        run(["scripts/install", "--uninstall"], env={"DESTDIR": str(destdir)})
        self.assertEqual(files_under(destdir), [])
        # Folders stay (some were there before squad); only those on the five paths exist.
        folders = {str(Path(f, d).relative_to(destdir)) for f, ds, _ in os.walk(destdir) for d in ds}
        parents = {str(p) for path in INSTALLED for p in Path("usr/local", path).parents if str(p) != "."}
        self.assertLessEqual(folders, parents)


@unittest.skipUnless(shutil.which("dpkg-deb") and shutil.which("dpkg-shlibdeps"), "dpkg-dev is not installed")
class DebianPackageTests(unittest.TestCase):
    """scripts/package-deb: its files, its control fields, lintian, and dpkg in a scratch root
    (never this machine's own package database)."""

    PACKAGED = [
        "usr/bin/squad",
        "usr/share/bash-completion/completions/squad",
        "usr/share/doc/squad/changelog.gz",
        "usr/share/doc/squad/copyright",
        "usr/share/fish/vendor_completions.d/squad.fish",
        "usr/share/lintian/overrides/squad",
        "usr/share/man/man1/squad.1.gz",
        "usr/share/zsh/vendor-completions/_squad",
    ]

    @classmethod
    def setUpClass(cls):
        cls.scratch = Path(tempfile.mkdtemp(prefix="squad-deb-"))
        cls.deb = Path(run(["scripts/package-deb", str(cls.scratch / "dist")]).stdout.strip())

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch)

    def field(self, name):
        return run(["dpkg-deb", "--field", self.deb, name]).stdout.strip()

    def test_the_package_is_named_and_filled_as_debian_expects(self):
        version = run(["scripts/version"]).stdout.strip()
        arch = run(["dpkg", "--print-architecture"]).stdout.strip()
        self.assertEqual(self.deb.name, f"squad_{version}_{arch}.deb")
        listing = run(["dpkg-deb", "--contents", self.deb]).stdout.splitlines()
        files = sorted(line.split()[-1].removeprefix("./") for line in listing if not line.startswith("d"))
        self.assertEqual(files, self.PACKAGED)
        self.assertEqual(self.field("Version"), version)
        self.assertRegex(self.field("Depends"), r"^libc6 \(>= [0-9.]+\), libgcc-s1 \(>= [0-9.]+\)$")
        self.assertEqual(self.field("Recommends"), "libcurl4 | libcurl4t64")

    @unittest.skipUnless(shutil.which("lintian"), "lintian is not installed")
    def test_lintian_reports_no_errors_and_no_warnings(self):
        result = run(["lintian", "--fail-on", "error,warning", self.deb], check=False)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertNotRegex(result.stdout, r"(?m)^[EW]: ")

    def test_dpkg_installs_it_it_works_and_removal_leaves_nothing(self):
        root = self.scratch / "root"
        admin = root / "var/lib/dpkg"
        for folder in ["info", "updates", "triggers"]:
            (admin / folder).mkdir(parents=True)
        (admin / "status").touch()
        dpkg = ["dpkg", f"--root={root}", f"--admindir={admin}"]
        # The scratch root has no libc6 package for Depends to find; the real libc runs the binary.
        run(dpkg + ["--force-depends", "--install", self.deb])
        squad = root / "usr/bin/squad"
        home = self.scratch / "home"
        heroes = run([squad, "heroes", "hulk", "--offline"], env={"SQUAD_HOME": str(home)}).stdout
        self.assertTrue(heroes.startswith("1009351\tHulk\t"), heroes)
        if shutil.which("man"):
            page = run(["man", "-P", "cat", "squad"], env={"MANPATH": str(root / "usr/share/man"), "MANWIDTH": "80"})
            self.assertIn("squad - manage a squad of Marvel superheroes", page.stdout)
        completion = root / "usr/share/bash-completion/completions/squad"
        offered = run(
            ["bash", "--norc", "-c", f'source "{completion}"; COMP_WORDS=(squad rec); COMP_CWORD=1; _squad; '
             'echo "${COMPREPLY[@]}"'],
            env={"PATH": f"{squad.parent}:/usr/bin:/bin"},
        )
        self.assertEqual(offered.stdout, "recruit\n")
        run(dpkg + ["--remove", "squad"])
        left = [path for path in files_under(root) if not path.startswith("var/lib/dpkg/")]
        self.assertEqual(left, [])
        self.assertEqual(sorted(p.name for p in root.iterdir()), ["var"])


@unittest.skipIf(sys.platform == "darwin", "needs GNU/Linux: the release archive is the Linux build (macOS: Homebrew)")
class ReleaseArchiveTests(unittest.TestCase):
    """scripts/release from this checkout and from a clean clone of its commit in another folder:
    the same bytes, and checksums that verify. With uncommitted changes here (release refuses
    them), a first clean clone stands in for this checkout. Each clone is a full release build."""

    @classmethod
    def setUpClass(cls):
        cls.scratch = Path(tempfile.mkdtemp(prefix="squad-release-"))
        cls.commit = run(["git", "rev-parse", "HEAD"]).stdout.strip()
        clean = run(["git", "status", "--porcelain"]).stdout == ""
        folders = ([REPO] if clean else [cls.scratch / "first"]) + [cls.scratch / "second/deeper"]
        cls.archives = []
        for folder in folders:
            if folder != REPO:
                run(["git", "clone", "--quiet", "--no-hardlinks", str(REPO), str(folder)])
                run(["git", "checkout", "--quiet", cls.commit], cwd=folder)
            out = cls.scratch / f"dist-{len(cls.archives)}"
            cls.archives.append(Path(run(["scripts/release", str(out)], cwd=folder).stdout.strip()))

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.scratch)

    def test_this_checkout_and_a_clean_clone_elsewhere_give_the_same_bytes(self):
        first, second = (archive.read_bytes() for archive in self.archives)
        self.assertEqual(hashlib.sha256(first).hexdigest(), hashlib.sha256(second).hexdigest())
        self.assertEqual((self.archives[0].parent / "SHA256SUMS").read_bytes(),
                         (self.archives[1].parent / "SHA256SUMS").read_bytes())

    def test_the_checksums_verify(self):
        result = run(["sha256sum", "--check", "SHA256SUMS"], cwd=self.archives[0].parent)
        self.assertEqual(result.stdout, f"{self.archives[0].name}: OK\n")

    def test_the_archive_holds_the_binary_the_manual_completions_readme_and_licence(self):
        version = run(["scripts/version"]).stdout.strip()
        name = f"squad-{version}-linux-{os.uname().machine}"
        self.assertEqual(self.archives[0].name, name + ".tar.gz")
        with tarfile.open(self.archives[0]) as archive:
            members = {member.name: member for member in archive.getmembers()}
            self.assertEqual(
                sorted(members),
                sorted([name, f"{name}/completions"] + [f"{name}/{path}" for path in [
                    "squad", "squad.1", "README.md", "LICENSE",
                    "completions/squad.bash", "completions/_squad", "completions/squad.fish"]]),
            )
            self.assertTrue(all(member.uid == 0 and member.gid == 0 for member in members.values()))
        (self.scratch / "unpacked").mkdir()
        run(["tar", "-xzf", self.archives[0], "-C", self.scratch / "unpacked"])
        squad = self.scratch / "unpacked" / name / "squad"
        self.assertEqual(run([squad, "--version"]).stdout, f"squad {version} (commit {self.commit})\n")


class NotOnMacOSTests(unittest.TestCase):
    """scripts/release and scripts/package-deb make Linux artefacts: elsewhere they refuse with a
    sentence, before building anything. Here `uname` answers Darwin, as a Mac's does."""

    def test_release_and_package_deb_refuse_on_macos_and_say_what_to_use(self):
        with tempfile.TemporaryDirectory() as scratch:
            fake = Path(scratch, "uname")
            fake.write_text("#!/bin/sh\necho Darwin\n")
            fake.chmod(0o755)
            for script in ["scripts/release", "scripts/package-deb"]:
                result = run([script, Path(scratch, "dist")], env={"PATH": f"{scratch}:{os.environ['PATH']}"}, check=False)
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertRegex(result.stderr, r"built on Linux|is the Linux build")
                self.assertIn("on Darwin install with Homebrew (Formula/squad.rb) or scripts/install", result.stderr)
                self.assertEqual(result.stdout, "")
                self.assertFalse(Path(scratch, "dist").exists())


class HomebrewFormulaTests(unittest.TestCase):
    """The formula cannot be run without brew (none here); its syntax, version and promises can be checked."""

    formula = (REPO / "Formula/squad.rb").read_text()
    package = (REPO / "Package.swift").read_text()

    @unittest.skipUnless(shutil.which("ruby"), "ruby is not installed")
    def test_its_ruby_parses(self):
        self.assertEqual(run(["ruby", "-c", REPO / "Formula/squad.rb"]).stdout, "Syntax OK\n")

    def test_it_builds_the_version_the_source_defines(self):
        version = run(["scripts/version"]).stdout.strip()
        self.assertRegex(self.formula, rf'tag:\s+"v{re.escape(version)}"')

    def test_it_uses_the_release_recipe_and_asks_the_binary_for_completions_and_the_manual(self):
        for needed in ['"scripts/build-release"', 'generate_completions_from_executable(bin/"squad", "completion")',
                       '"help", "--man"', 'ENV["SQUAD_COMMIT"] = Utils.git_head', "tested on Linux",
                       '"swift", "build", "--disable-sandbox", "--configuration", "release"']:
            self.assertIn(needed, self.formula)

    def test_it_pins_its_tag_with_a_revision(self):
        self.assertRegex(self.formula, r'url "[^"]+\.git",\n\s+tag:\s+"v[^"]+",\n\s+revision: "[^"]+"\n')

    def test_its_floors_are_package_swifts_and_the_docs_say_the_same(self):
        # Swift 6.2 comes with Xcode 26 (which runs on macOS 15.6 and later); platforms gives the binary's floor.
        tools = re.search(r"swift-tools-version:\s*(\d+\.\d+)", self.package).group(1)
        macos = re.search(r"\.macOS\(\.v(\d+)\)", self.package).group(1)
        self.assertEqual((tools, macos), ("6.2", "15"), "update the formula's and the docs' floors with Package.swift")
        self.assertIn('depends_on xcode: ["26.0", :build]', self.formula)
        self.assertIn("depends_on macos: :sequoia", self.formula)
        for doc in ["README.md", "docs/INSTALL.md"]:
            text = (REPO / doc).read_text()
            self.assertIn("Swift 6.2", text, doc)
            self.assertIn("Xcode 26", text, doc)
            self.assertIn("macOS 15", text, doc)

    def test_its_test_block_runs_squad_offline(self):
        test = self.formula.split("test do", 1)[1]
        self.assertIn("--offline", test)
        self.assertNotRegex(test, r"MARVEL_|https?://")


if __name__ == "__main__":
    unittest.main(verbosity=2)
