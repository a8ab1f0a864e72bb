#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The bytes of a whole document, shared by the values read from it (a catalogue index):
/// either an array, or a file mapped into memory.
///
/// Mapping the catalogue instead of reading it spares copying it and faulting in fresh memory
/// for every page of it, which costs a listing more than parsing does.
final class SharedBytes: @unchecked Sendable {
  // Immutable after init; the mapping is private and read-only.
  private let storage: UnsafeBufferPointer<UInt8>
  private let array: [UInt8]?
  private let mapping: (address: UnsafeMutableRawPointer, length: Int)?

  init(_ bytes: [UInt8]) {
    array = bytes
    mapping = nil
    storage = UnsafeBufferPointer(start: nil, count: 0)
  }

  private init(mapping address: UnsafeMutableRawPointer, length: Int) {
    array = nil
    mapping = (address, length)
    storage = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: length)
  }

  /// Bytes that live as long as the program (a static string in the binary): never freed.
  init(static buffer: UnsafeBufferPointer<UInt8>) {
    array = nil
    mapping = nil
    storage = buffer
  }

  deinit {
    if let mapping { munmap(mapping.address, mapping.length) }
  }

  func withBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    guard let array else { return try body(storage) }
    return try array.withUnsafeBufferPointer { (buffer) throws(Failure) in try body(buffer) }
  }

  /// The regular file at `path`, mapped read-only; nil when it does not exist. It is opened and
  /// checked by ``BoundedInput`` like every file squad reads: a FIFO, a device, a folder or a file
  /// over `limit` bytes is refused. A file that cannot be mapped (an empty one) is read instead.
  static func mapping(_ path: String, limit: Int = InputLimit.mappedFile) throws(PersistenceError) -> SharedBytes? {
    guard let file = try BoundedInput.openRegularFile(path, limit: limit) else { return nil }
    defer { close(file.descriptor) }
    guard file.size > 0, let address = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0),
      address != MAP_FAILED
    else { return SharedBytes(try BoundedInput.read(file.descriptor, label: path, limit: limit, expected: file.size)) }
    TruncationGuard.install()
    return SharedBytes(mapping: address, length: file.size)
  }
}
