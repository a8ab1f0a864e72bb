import Foundation
import SquadCore

/// `squad-fuzz catalogue`: damaged copies of a real catalogue file (issue 29), each through every
/// read path and a write, in process. Prints the figures: damaged files tried, silent wrong
/// answers (an answer that differs from the undamaged file's with no word that the catalogue is
/// damaged), undetected damages (`catalogue check` exits 0 on bytes that differ), records carried
/// forward (a hero after the write that is neither the undamaged file's nor the bundled one) and
/// intact imported heroes lost (not back once the moved-aside file is imported). A crash stops
/// the run (the caller, scripts/stress, reports it); all figures but the first must be 0.
struct CatalogueDamageCampaign {
  let home: String
  let seed: UInt64

  static let reads: [[String]] =
    [
      ["heroes", "--all"], ["heroes", "hu"], ["heroes", "--search", "man", "--all"], ["show", "1009351"],
      ["show", "hulk"], ["show", "5000001"], ["show", "1009165"], ["recruit", "avengers"], ["catalogue"],
    ]
    + ["-name", "modified", "-modified", "comics", "-comics", "series", "-events"].map {
      ["heroes", "--order", $0, "--all"]
    }

  struct Run {
    var code: Int32
    var out: String
    var err: String
  }

  func run(_ arguments: [String]) async -> Run {
    let out = Buffer()
    let err = Buffer()
    let console = Console(
      terminal: TerminalInfo(stdoutIsTTY: false, stderrIsTTY: false, stdinIsTTY: false), out: { out.add($0) },
      err: { err.add($0) }, readLine: { nil })
    let code = await SquadCLI.run(arguments: ["--home", home] + arguments, variables: ["HOME": home], console: console)
    return Run(code: code, out: out.text, err: err.text)
  }

  var file: String { home + "/catalogue.sqc" }

  func write(_ text: String, _ name: String) {
    FileManager.default.createFile(atPath: home + "/" + name, contents: Data(text.utf8))
  }

  func reset() {
    try? FileManager.default.removeItem(atPath: home)
    try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
  }

  /// Heroes as the catalogue answers them, by id: what `heroes --all --offline --json` prints of each.
  func heroes() async -> [Int: String] {
    let listing = await run(["heroes", "--all", "--offline", "--json"])
    let rows = (try? JSONSerialization.jsonObject(with: Data(listing.out.utf8))) as? [[String: Any]] ?? []
    var found: [Int: String] = [:]
    for row in rows {
      let data = (try? JSONSerialization.data(withJSONObject: row, options: [.sortedKeys])) ?? Data()
      found[row["id"] as? Int ?? 0] = String(decoding: data, as: UTF8.self)
    }
    return found
  }

  func campaign(start: Int, count: Int) async {
    reset()
    let imported =
      #"[{"id":5000001,"name":"Someone","description":"Imported","comics":3},"#
      + #"{"id":5000002,"name":"Other","modified":"2030-01-01T00:00:00Z"},"#
      + #"{"id":1009351,"name":"Hulk","description":"Updated","modified":"2031-01-01T00:00:00Z","comics":9999}]"#
    write(imported, "in.json")
    write(#"{"id":5000009,"name":"Extra"}"#, "extra.jsonl")
    _ = await run(["catalogue", "import", home + "/in.json"])
    guard let base = FileManager.default.contents(atPath: file).map(Array.init) else {
      Report.line("catalogue-fuzz: no catalogue was written")
      exit(1)
    }
    var reference: [[String]: Run] = [:]
    for read in Self.reads {
      try? FileManager.default.removeItem(atPath: home + "/squad.json")
      reference[read] = await run(read + ["--offline"])
    }
    let known = await heroes()
    reset()
    let bundled = await heroes()
    let lines = String(decoding: base, as: UTF8.self).split(separator: "\n").map(String.init)
    let importedLines = lines.filter { $0.contains(#""src":"i""#) }
    var figures = (tried: 0, silent: 0, undetected: 0, carried: 0, lost: 0)
    for iteration in start..<(start + count) {
      var random = SeededGenerator(seed: seed, iteration: iteration)
      let (kind, damaged) = CatalogueMutation.damage(base, &random)
      guard damaged != base else { continue }
      figures.tried += 1
      reset()
      FileManager.default.createFile(atPath: file, contents: Data(damaged))
      for read in Self.reads {
        try? FileManager.default.removeItem(atPath: home + "/squad.json")
        let answer = await run(read + ["--offline"])
        let expected = reference[read]
        if (answer.code != expected?.code || answer.out != expected?.out) && !answer.err.contains("is damaged") {
          figures.silent += 1
          Report.event(
            "silent",
            [
              "iteration": iteration, "kind": kind, "argv": read, "code": Int(answer.code),
              "lines": answer.out.split(separator: "\n").count,
              "expected": expected?.out.split(separator: "\n").count ?? 0,
            ])
        }
      }
      if await run(["catalogue", "check"]).code == 0 {
        figures.undetected += 1
        Report.event("undetected", ["iteration": iteration, "kind": kind])
      }
      write(#"{"id":5000009,"name":"Extra"}"#, "extra.jsonl")
      _ = await run(["catalogue", "import", home + "/extra.jsonl"])
      let after = await heroes()
      let carried = after.filter { id, hero in id != 5_000_009 && hero != known[id] && hero != bundled[id] }
      let whole = await run(["catalogue", "check"]).code == 0
      if !carried.isEmpty || !whole {
        figures.carried += max(carried.count, 1)
        Report.event("carried", ["iteration": iteration, "kind": kind, "ids": Array(carried.keys)])
      }
      // Every imported record still intact in the damaged bytes comes back from the file moved aside.
      let aside =
        (try? FileManager.default.contentsOfDirectory(atPath: home))?.filter { $0.contains(".damaged-") } ?? []
      for name in aside { _ = await run(["catalogue", "import", home + "/" + name]) }
      let text = String(decoding: damaged, as: UTF8.self)
      let restored = await heroes()
      for line in importedLines where text.contains("\n" + line + "\n") {
        let id = known.first { line.contains(#""id":\#($0.key),"#) }?.key ?? 0
        if restored[id] != known[id] {
          figures.lost += 1
          Report.event("lost", ["iteration": iteration, "kind": kind, "id": id])
        }
      }
    }
    Report.line(
      "catalogue-fuzz: damaged files tried \(figures.tried), crashes 0, silent wrong answers \(figures.silent), "
        + "undetected damages \(figures.undetected), records carried forward \(figures.carried), "
        + "intact imported heroes lost \(figures.lost)")
    exit(figures.silent + figures.undetected + figures.carried + figures.lost == 0 ? 0 : 1)
  }
}

/// Collects one stream's text.
final class Buffer: @unchecked Sendable {
  private var value = ""
  private let lock = NSLock()
  func add(_ text: String) { lock.withLock { value += text } }
  var text: String { lock.withLock { value } }
}
