"""Unit tests of scripts/tools/portability-check (run by scripts/test): each rule finds what it
should on a planted file and stays quiet where the code is branched or guarded."""

import importlib.machinery
import importlib.util
import sys
import tempfile
import unittest
from pathlib import Path

_path = Path(__file__).with_name("portability-check")
_loader = importlib.machinery.SourceFileLoader("portability_check", str(_path))
_spec = importlib.util.spec_from_loader("portability_check", _loader)
check = importlib.util.module_from_spec(_spec)
sys.modules["portability_check"] = check
_loader.exec_module(check)


def findings(source: str, name: str = "Planted.swift", floor: int = 15) -> list[str]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "Sources" / name
        path.parent.mkdir()
        path.write_text(source)
        return [f"{f.line}: {f.text}" for f in check.check_file(path, floor, str(path))]


class LinuxOnlyNames(unittest.TestCase):
    def test_a_planted_st_mtim_is_found(self):
        found = findings("func m(_ s: stat) -> Int { Int(s.st_mtim.tv_sec) }\n")
        self.assertEqual(len(found), 1, found)
        self.assertTrue(found[0].startswith("1: st_mtim:"), found)

    def test_linux_branches_and_the_else_of_darwin_are_allowed(self):
        source = (
            "#if os(Linux)\n  let a = s.st_mtim\n#else\n  let a = s.st_mtimespec\n#endif\n"
            "#if canImport(Glibc)\n  import Glibc\n  let b = s.st_ctim\n#elseif canImport(Darwin)\n  import Darwin\n#endif\n"
            "#if canImport(Darwin)\n  let c = 1\n#else\n  let c = s.st_atim\n#endif\n"
        )
        self.assertEqual(findings(source), [])

    def test_the_darwin_branch_and_a_negated_linux_branch_are_checked(self):
        source = "#if canImport(Glibc)\n#elseif canImport(Darwin)\n  let a = s.st_mtim\n#endif\n#if !os(Linux)\n  pipe2(p, 0)\n#endif\n"
        self.assertEqual([f.split(":")[0] for f in findings(source)], ["3", "6"])

    def test_comments_are_ignored_and_proc_is_found_in_strings_only_as_a_path(self):
        source = '// st_mtim and "/proc/self/stat" here\nlet m = "/proc is not mounted"\nlet p = access("/proc/self/stat", 0)\n'
        found = findings(source)
        self.assertEqual(len(found), 1, found)
        self.assertTrue(found[0].startswith("3: a /proc path"), found)

    def test_a_string_holding_a_name_or_an_if_is_not_code(self):
        source = 'let t = """\n  #if os(Linux)\n  """\nlet u = #"say "st_mtim""#\nlet v = s.st_mtim\n'
        self.assertEqual([f.split(":")[0] for f in findings(source)], ["5"])

    def test_c_linux_guards_and_a_name_s_own_ifdef(self):
        source = (
            "#if defined(__linux__)\nint f(void) { return eventfd(0, 0); }\n#endif\n"
            "#ifdef SIGPWR\n  SIGPWR,\n#endif\n  SIGSTKFLT,\n"
        )
        found = findings(source, "planted.c")
        self.assertEqual([f.split(":")[0] for f in found], ["7"], found)

    def test_environ_is_found_in_swift_only(self):
        self.assertEqual(len(findings("var entry = environ\n")), 1)
        self.assertEqual(findings("let h = ProcessInfo.processInfo.environ\n"), [])
        self.assertEqual(findings("extern char **environ;\n", "planted.c"), [])

    def test_an_empty_spawn_actions_initialiser_is_found(self):
        self.assertEqual(len(findings("var a = posix_spawn_file_actions_t()\n")), 1)


class NewerThanTheFloor(unittest.TestCase):
    def test_an_unguarded_newer_api_is_found_and_a_guarded_one_is_not(self):
        source = (
            "Task.immediate { }\n"
            "if #available(macOS 26, *) {\n  Task.immediate { }\n} else {\n  Task.immediate { }\n}\n"
        )
        self.assertEqual([f.split(":")[0] for f in findings(source)], ["1", "5"])

    def test_a_lower_available_does_not_cover_a_newer_api(self):
        self.assertEqual(len(findings("if #available(macOS 15, *) {\n  let x: InlineArray<2, Int> = [1, 2]\n}\n")), 1)

    def test_guard_available_and_an_available_declaration_cover_their_scope(self):
        source = (
            "func a() {\n  guard #available(macOS 26, *) else { return }\n  Task.immediate { }\n}\n"
            "@available(macOS 26, *)\nfunc b() {\n  Task.immediate { }\n}\n"
            "func c() { Task.immediate { } }\n"
        )
        self.assertEqual([f.split(":")[0] for f in findings(source)], ["9"])

    def test_the_floor_decides(self):
        source = "let s = String(validating: bytes, as: UTF8.self)\n"
        self.assertEqual(len(findings(source, floor=13)), 1)
        self.assertEqual(findings(source, floor=15), [])

    def test_the_floor_is_read_from_package_swift(self):
        with tempfile.TemporaryDirectory() as folder:
            package = Path(folder) / "Package.swift"
            package.write_text('let package = Package(name: "x", platforms: [.macOS(.v15)])\n')
            self.assertEqual(check.declared_floor(package), 15)


class TheTree(unittest.TestCase):
    def test_this_repository_is_clean(self):
        self.assertEqual(check.main([]), 0)


if __name__ == "__main__":
    unittest.main()
