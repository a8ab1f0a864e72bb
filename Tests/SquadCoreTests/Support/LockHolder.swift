import Foundation
import Testing

/// Holds squad's lock files (flock, as another squad command would) while a squad command runs,
/// and lets go of the first when the command says it waits for it: the notice is what the holder
/// waits for, so no test hopes for timing.
enum LockHolder {
  /// What the waiting command did: its exit status and its stderr.
  struct Report {
    var status: Int?
    var stderr: String
  }

  private static let script = """
    import fcntl, json, select, subprocess, sys
    count = int(sys.argv[1])
    held = [open(path, 'a') for path in sys.argv[2:2 + count]]
    for lock in held: fcntl.flock(lock, fcntl.LOCK_EX)
    squad = subprocess.Popen(sys.argv[2 + count:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    said = b''
    while b'Waiting for another squad command' not in said:
        if not select.select([squad.stderr], [], [], 60)[0]: squad.kill(); break
        line = squad.stderr.readline()
        if not line: break
        said += line
    fcntl.flock(held[0], fcntl.LOCK_UN)
    said += squad.stderr.read(); squad.wait()
    print(json.dumps({'status': squad.returncode, 'stderr': said.decode()}))
    """

  /// Runs `command` (the binary and its arguments) while `locks` are held; the first is let go
  /// once the command says it waits, the others are held until the command ends.
  static func run(holding locks: [String], _ command: [String], environment: [String: String]) throws -> Report {
    let result = try CLIProcess.execute(
      try #require(CLIProcess.which("python3")), ["-c", script, String(locks.count)] + locks + command,
      environment: environment, directory: nil)
    let report = try #require(JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
    return Report(status: report["status"] as? Int, stderr: report["stderr"] as? String ?? "")
  }
}
