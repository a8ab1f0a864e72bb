import Foundation
import SquadCore

/// Watches every `squad.json` in the sandbox: a file that was valid (or new) must stay valid,
/// and no temporary file of an atomic write may be left behind (nothing is killed in process).
struct SquadFileWatch {
  private var valid: [String: Bool] = [:]
  let root: String

  init(root: String) { self.root = root }

  /// Notes the state after a reset, without judging it.
  mutating func baseline() { _ = scan() }

  /// Problems since the last scan, as sentences.
  mutating func problems() -> [String] { scan() }

  private mutating func scan() -> [String] {
    var problems: [String] = []
    var seen: [String: Bool] = [:]
    let walker = FileManager.default.enumerator(atPath: root)
    while let relative = walker?.nextObject() as? String {
      let name = (relative as NSString).lastPathComponent
      if name.contains(".tmp-") { problems.append("temporary file left behind: \(relative)") }
      guard name == "squad.json" else { continue }
      let path = root + "/" + relative
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
      let isValid =
        (try? Data(contentsOf: URL(fileURLWithPath: path))).map { SquadFile.isValid(Array($0), path: path) } ?? false
      seen[relative] = isValid
      if !isValid, valid[relative] ?? true { problems.append("\(relative) became invalid") }
    }
    valid = seen
    return problems
  }
}
