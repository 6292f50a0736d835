#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What holds a queue's log on its directory: one value, so a queue can't hold the sender lock and a
/// writer directory at once, nor forget one of them when it lets go. It mirrors the machine's role
/// (`QueueMachine.Role`): a sender on disk holds the lock, a writer its directory, any other role (in
/// memory, not yet opened, let go of, closed) nothing.
enum DirectoryHold {
  /// Nothing is held: a log in memory, or none open.
  case none
  /// The directory's sender lock (see `Handover.lockExclusively`), as a file descriptor.
  case senderLock(Int32)
  /// Another process sends: this process's writer directory (see ``Handover``).
  case writerDirectory(Handover.WriterDirectory)

  /// Whether another process sends, and this one writes for it.
  var isWriter: Bool {
    if case .writerDirectory = self { true } else { false }
  }

  /// Lets go of what is held: whoever sends next takes what is left.
  func release() {
    switch self {
    case .none: break
    case .senderLock(let fd): _ = close(fd)
    case .writerDirectory(let writer): writer.release()
    }
  }
}
