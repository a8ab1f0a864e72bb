import Foundation
import SquadCore

// squad-fuzz: drives the real squad code in process with seeded, mutated inputs (see
// scripts/stresslib/fuzz.py, which runs it as a child and reports crashes by iteration).

guard let options = FuzzOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
  FileHandle.standardError.write(Data((FuzzOptions.usage + "\n").utf8))
  exit(64)
}

if options.mode == .printArgv {
  for index in options.start..<(options.start + options.count) {
    var mutator = ArgvMutator(random: SeededGenerator(seed: options.seed, iteration: index))
    let argv = mutator.make().map { $0.replacingOccurrences(of: "\0", with: "") }
    let data = (try? JSONSerialization.data(withJSONObject: argv)) ?? Data("[]".utf8)
    Report.line(String(decoding: data, as: UTF8.self))
  }
  exit(0)
}

if options.mode == .printBody {
  guard let corpus = options.corpus.flatMap(BodyCorpus.load), !corpus.isEmpty else { exit(64) }
  var mutator = BodyMutator(
    corpus: corpus, random: ScriptedTransport.bodyGenerator(seed: options.seed, iteration: options.start))
  FileHandle.standardOutput.write(Data(mutator.make()))
  exit(0)
}

guard let root = options.sandbox, root.hasPrefix("/"), FileManager.default.changeCurrentDirectoryPath(root) else {
  FileHandle.standardError.write(Data("squad-fuzz: --sandbox must name an existing absolute folder\n".utf8))
  exit(64)
}
let sandbox = Sandbox(root: root)
if options.mode == .prepareSandbox {
  sandbox.reset(state: options.start)
  exit(0)
}
let campaign = Campaign(options: options, sandbox: sandbox)

switch options.mode {
case .argv:
  await campaign.run(resetEvery: 50) { index in
    var random = SeededGenerator(seed: options.seed ^ 0xA56, iteration: index)
    var mutator = ArgvMutator(random: SeededGenerator(seed: options.seed, iteration: index))
    let argv = mutator.make()
    let capture = Capture()
    let console = capture.console(
      terminal: Campaign.terminal(&random), answers: [random.pick(["y", "n", "yes", "", "\u{1B}"]), nil])
    let transport = ScriptedTransport(seed: options.seed, iteration: index, corpus: [], offline: true)
    if options.verbose { Report.event("argv", ["iteration": index, "argv": argv]) }
    let code = await SquadCLI.run(
      arguments: argv, variables: Campaign.variables(&random, home: sandbox.userHome), console: console,
      transport: transport)
    return (code, argv, capture.output, transport.requests)
  }
case .bodies:
  guard let corpus = options.corpus.flatMap(BodyCorpus.load), !corpus.isEmpty else {
    FileHandle.standardError.write(Data("squad-fuzz: --corpus must name a folder of API bodies\n".utf8))
    exit(64)
  }
  await campaign.run(resetEvery: 25) { index in
    var random = SeededGenerator(seed: options.seed ^ 0xB0D, iteration: index)
    let argv = BodyCorpus.command(&random)
    let capture = Capture()
    let console = capture.console(terminal: Campaign.terminal(&random), answers: ["y"])
    var variables = Campaign.variables(&random, home: sandbox.userHome)
    variables["MARVEL_PUBLIC_KEY"] = "fuzz-public-key-0"
    variables["MARVEL_PRIVATE_KEY"] = Campaign.privateKey
    let transport = ScriptedTransport(seed: options.seed, iteration: index, corpus: corpus, offline: false)
    if options.verbose { Report.event("argv", ["iteration": index, "argv": argv]) }
    let code = await SquadCLI.run(arguments: argv, variables: variables, console: console, transport: transport)
    return (code, argv, capture.output, transport.requests)
  }
case .catalogue:
  await CatalogueDamageCampaign(home: root + "/catalogue-home", seed: options.seed).campaign(
    start: options.start, count: options.count)
case .printArgv, .printBody, .prepareSandbox:
  break
}
exit(0)
