import InterruptHandler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class TerminalScreen: FullScreenTerminal {
  // How long a lone Escape waits for the rest of a sequence, how long without input makes an idle
  // event, how often a job in the background looks whether `fg` brought it to the front.
  static let escapeDelayMilliseconds: Int32 = 40
  static let idleMilliseconds: Int32 = 1000
  static let backgroundCheckMilliseconds: Int32 = 200
  private let resizeDescriptor: Int32
  private let differ = Mutex(ScreenDiffer())
  private let decoder = Mutex(KeyDecoder())

  // Readable on SIGWINCH.
  init(resizeDescriptor: Int32) { self.resizeDescriptor = resizeDescriptor }

  func draw(_ frame: ScreenFrame) {
    // Keys already typed (a paste, fast typing) will change the frame again: draw only the last.
    guard !decoder.withLock({ $0.hasPendingBytes }) else { return }
    // In the background (after `bg`) the screen is the shell's: draw it whole when back in front.
    guard RawTerminal.isHeldInFront else {
      differ.withLock { $0.invalidate() }
      return
    }
    let bytes = differ.withLock { $0.update(to: frame) }
    if !bytes.isEmpty { ProcessStreams.write(bytes, to: STDOUT_FILENO) }
  }

  func nextEvent() -> TerminalEvent {
    while true {
      if let key = decoder.withLock({ $0.next() }) { return .key(key) }
      // In the background keys are the shell's (reading would stop squad with SIGTTIN): wait.
      guard RawTerminal.holdInFront() else {
        if let event = waitInTheBackground() { return event }
        continue
      }
      let waiting = decoder.withLock { $0.hasPendingBytes }
      var descriptors = [
        pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      ]
      let ready = pollDescriptors(&descriptors, 2, waiting ? Self.escapeDelayMilliseconds : Self.idleMilliseconds)
      if ready < 0, errno == EINTR { continue }
      if ready < 0 { return .closed }
      if ready == 0 {
        guard waiting else { return .idle }
        if let key = decoder.withLock({ $0.next(flush: true) }) { return .key(key) }
        continue
      }
      if descriptors[0].revents & Int16(POLLIN) != 0, let resized = resized() { return resized }
      // Put in the background while waiting: the keys are not ours now.
      if descriptors[1].revents != 0, RawTerminal.isHeldInFront {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else { return .closed }
        decoder.withLock { $0.feed(buffer[0..<count]) }
      }
    }
  }

  private func waitInTheBackground() -> TerminalEvent? {
    var descriptor = pollfd(fd: resizeDescriptor, events: Int16(POLLIN), revents: 0)
    guard pollDescriptors(&descriptor, 1, Self.backgroundCheckMilliseconds) > 0, descriptor.revents & Int16(POLLIN) != 0
    else { return nil }
    return resized()
  }

  // Drains the resize pipe and has the next frame drawn whole; the new size, when it can be read.
  private func resized() -> TerminalEvent? {
    var drain = [UInt8](repeating: 0, count: 64)
    while read(resizeDescriptor, &drain, drain.count) > 0 {}
    differ.withLock { $0.invalidate() }
    return RawTerminal.size().map(TerminalEvent.resized)
  }

  func suspend() { interrupt_handler_suspend() }
  func stopReadingKeys() { interrupt_handler_stop_reading_keys() }
}
