#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a whole document, shared by the values read from it (a catalogue index): an array,
/// or a file mapped into memory, which spares copying it and faulting in fresh memory for every
/// page of it (costing a listing more than parsing does).
final class SharedBytes: @unchecked Sendable {
  // Immutable after init; the mapping is private and read-only.
  private let storage: UnsafeBufferPointer<UInt8>
  private let array: [UInt8]?
  private let isMapped: Bool

  private init(_ storage: UnsafeBufferPointer<UInt8>, array: [UInt8]? = nil, isMapped: Bool = false) {
    self.storage = storage
    self.array = array
    self.isMapped = isMapped
  }

  convenience init(_ bytes: [UInt8]) { self.init(UnsafeBufferPointer(start: nil, count: 0), array: bytes) }
  /// Bytes that live as long as the program (a static string in the binary): never freed.
  convenience init(static buffer: UnsafeBufferPointer<UInt8>) { self.init(buffer) }

  // A mapped file cut short by another program raises SIGBUS: say so and exit 1 rather than crash.
  private static let truncationGuard: Void = {
    let handler: @convention(c) (Int32) -> Void = { _ in
      // Only async-signal-safe calls: a static string, write and _exit.
      let message: StaticString =
        "Error: a file squad was reading was cut short by another program. Run the command again.\n"
      message.withUTF8Buffer { _ = write(2, $0.baseAddress, $0.count) }
      _exit(1)
    }
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #elseif canImport(Darwin)
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigaction(SIGBUS, &action, nil)
  }()

  deinit {
    if isMapped { munmap(UnsafeMutableRawPointer(mutating: storage.baseAddress), storage.count) }
  }

  func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    guard let array else { return try body(storage) }
    return try array.withUnsafeBufferPointer { (buffer) throws(Failure) in try body(buffer) }
  }

  /// The regular file at `path` (checked by ``BoundedInput``), mapped read-only; nil when it does
  /// not exist. A file that cannot be mapped (an empty one) is read instead.
  static func mapping(_ path: String, limit: Int = InputLimit.mappedFile) throws(PersistenceError) -> SharedBytes? {
    guard let file = try BoundedInput.openRegularFile(path, limit: limit) else { return nil }
    defer { close(file.descriptor) }
    guard file.size > 0, let address = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0),
      address != MAP_FAILED
    else { return SharedBytes(try BoundedInput.read(file.descriptor, label: path, limit: limit, expected: file.size)) }
    _ = truncationGuard
    return SharedBytes(
      UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: file.size), isMapped: true)
  }
}
