import SquadCore

/// Builds one argument vector: usually a plausible command line, then zero to four mutations.
struct ArgvMutator {
  var random: SeededGenerator

  /// The vector for this generator's iteration, already confined to the sandbox.
  mutating func make() -> [String] {
    var argv = random.chance(0.85) ? plausible() : (0..<random.below(6)).map { _ in random.pick(ArgvVocabulary.all) }
    let mutations = random.chance(0.5) ? 0 : 1 + random.below(3)
    for _ in 0..<mutations { mutate(&argv) }
    return PathGuard.confine(argv)
  }

  private mutating func plausible() -> [String] {
    var argv: [String] = []
    let command = random.pick(CommandRegistry.allCommands)
    for _ in 0..<random.below(3) { argv += option(random.pick(CommandRegistry.globalOptions)) }
    argv += command.path
    for argument in command.arguments {
      let count = argument.isRepeating ? random.below(4) : (argument.isOptional ? random.below(2) : 1)
      for _ in 0..<count { argv.append(positional(named: argument.name)) }
    }
    for _ in 0..<random.below(4) { argv += option(random.pick(command.options + CommandRegistry.globalOptions)) }
    if random.chance(0.3) { argv.append("--offline") }
    return argv
  }

  private mutating func positional(named name: String) -> String {
    switch name {
    case "file", "path": return random.pick(ArgvVocabulary.paths)
    case "name", "new-name": return random.pick(["team", "avengers", "default", "Bad Name", "../x", ""])
    case "shell": return random.pick(["bash", "zsh", "fish", "tcsh", ""])
    case "topic", "command": return random.pick(ArgvVocabulary.commands + ["environment", "exit-codes", "formatting"])
    case "prefix": return random.pick(ArgvVocabulary.heroes + ["s", "sp", "spi", "Z"])
    case "kind": return random.pick(["heroes", "members", "bogus"])
    default: return random.pick(random.chance(0.6) ? ArgvVocabulary.knownHeroes : ArgvVocabulary.heroes)
    }
  }

  private mutating func option(_ spec: OptionSpec) -> [String] {
    let name = random.chance(0.8) || spec.short == nil ? spec.name : spec.short ?? spec.name
    guard !spec.isFlag else { return random.chance(0.05) ? [name + "=yes"] : [name] }
    let good = ArgvVocabulary.goodValues(for: spec)
    let value = random.pick(
      random.chance(0.7) ? good ?? ArgvVocabulary.edgeValues(for: spec) : ArgvVocabulary.edgeValues(for: spec))
    switch random.below(10) {
    case 0: return [name]  // the value is missing
    case 1, 2: return [name + "=" + value]
    default: return [name, value]
    }
  }

  private mutating func mutate(_ argv: inout [String]) {
    let index = argv.isEmpty ? 0 : random.below(argv.count)
    switch random.below(9) {
    case 0: argv.insert(random.pick(ArgvVocabulary.all), at: random.below(argv.count + 1))
    case 1 where !argv.isEmpty: argv.remove(at: index)
    case 2 where !argv.isEmpty: argv.insert(argv[index], at: index)
    case 3 where argv.count > 1: argv.swapAt(index, random.below(argv.count))
    case 4 where !argv.isEmpty: argv[index] = flipBits(argv[index])
    case 5 where !argv.isEmpty: argv[index] = String(argv[index].prefix(random.below(argv[index].count + 1)))
    case 6 where argv.count > 1: argv[index] += random.pick(["=", "", "-", " "]) + argv[random.below(argv.count)]
    case 7: argv.append(random.pick(["--", "-", "--=", "-" + String(random.pick(Array("qhxZ"))), "--yes", "--all"]))
    default: argv.shuffle(using: &random)
    }
  }

  /// Flips a few bits of the word's UTF-8; invalid sequences become U+FFFD, as they would
  /// when the process decodes its arguments.
  private mutating func flipBits(_ word: String) -> String {
    var bytes = Array(word.utf8)
    guard !bytes.isEmpty else { return String(UnicodeScalar(UInt8(random.below(128)))) }
    for _ in 0...random.below(3) { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Keeps fuzzed arguments from naming anything outside the sandbox: no absolute path (a `/`
/// first or after `=`), no `..`, no `~` (which expands to a home folder) and no NUL (which ends
/// a path early). A `/` inside a word only makes a relative path deeper, and URLs need it.
enum PathGuard {
  static func confine(_ argv: [String]) -> [String] { argv.map { isConfined($0) ? $0 : "outside-path-removed" } }

  static func isConfined(_ word: String) -> Bool {
    !word.hasPrefix("/") && !word.contains("=/") && !word.contains("..") && !word.contains("~") && !word.contains("\0")
  }
}
