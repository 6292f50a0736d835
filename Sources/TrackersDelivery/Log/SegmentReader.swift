import Foundation

extension SegmentLog {
  /// What one read of the log found: the next batch, and what it passed that can never be sent.
  struct BatchRead {
    /// The oldest readable record and the records of its partition that follow, within the limits.
    var entries: [PendingBatch.Entry] = []
    var partition: String?
    /// Records enqueued before the cut (``DeliveryConfiguration/maxAge``): position and frame length.
    var aged: [(position: LogPosition, length: Int64)] = []
    /// Damage met on the way.
    var corrupt: [CorruptRegion] = []
  }

  /// The log's reading side: its open segment files and scanner. It reads a snapshot of the log
  /// (`readPlan()`) without the queue's lock, so enqueue never waits for a read; what it finds is
  /// applied under the lock by whoever asked, who also decides what is done with it.
  final class Reader {
    /// Also scans segments handed over by other processes before the log adopts them.
    let scanner: SegmentScanner
    private var files: [UInt64: Int32] = [:]

    init(limits: BatchLimits) {
      scanner = SegmentScanner(preferredReadSize: min(1 << 20, max(64 << 10, limits.maxBytes + limits.maxEvents * 64)))
    }

    deinit {
      forget()
    }

    /// Closes every segment file: the log was let go of or replaced, and its numbers may name other
    /// files in the next one.
    func forget() {
      for fd in files.values { POSIXFile.closeFile(fd) }
      files = [:]
    }

    /// Reads the next batch of `plan`'s log: the oldest pending record and the records of its partition
    /// that follow, within `limits` and a bounded look-ahead, passing over records enqueued before
    /// `olderThan` and damaged regions (returned, not dropped: the caller drops them under its lock).
    /// Records at `claimed` (on their way, or waiting to go again) are passed over, and so are the records
    /// of `busyPartitions` (partitions whose order is kept, with a batch on its way or waiting).
    func readBatch(
      _ plan: ReadPlan, attempts: [LogPosition: Int], limits: BatchLimits, olderThan: Date,
      claimed: [LogPosition: Int64] = [:], busyPartitions: Set<String> = []
    ) -> BatchRead {
      let lookahead = max(limits.maxEvents * 4, 1000)
      var read = BatchRead()
      var bytes = 0
      var scanned = 0

      for (number, fd) in files where number < plan.head.segment || !plan.segments.contains(where: { $0.number == number }) {
        POSIXFile.closeFile(fd)
        files[number] = nil
      }
      segments: for segment in plan.segments where segment.number >= plan.head.segment {
        guard let fd = file(segment.number, in: plan.directory) else { continue }
        scanner.reset(fd: fd, end: segment.size)
        var offset: Int64 = segment.number == plan.head.segment ? plan.head.offset : 0
        while true {
          let position = LogPosition(segment: segment.number, offset: offset)
          if let length = plan.finished[ifAny: position] ?? claimed[ifAny: position] {
            offset += length
            continue
          }
          guard let item = scanner.next(at: offset) else { break }
          switch item {
          case .corrupt(_, let length):
            read.corrupt.append(CorruptRegion(segment: segment.number, offset: offset, length: length))
            offset += length
          case .frame(_, let length):
            scanned += 1
            let frame = scanner.bytes(at: offset, length: length)
            let bodyBytes = UnsafeRawBufferPointer(rebasing: frame[RecordFrame.headerSize...])
            guard let body = RecordFrame.parseBody(bodyBytes) else {
              read.corrupt.append(CorruptRegion(segment: segment.number, offset: offset, length: Int64(length)))
              offset += Int64(length)
              continue
            }
            // Compared as dates: a record's time and the clock are whatever they are, never converted.
            if body.enqueuedAt < olderThan {
              read.aged.append((position, Int64(length)))
            } else if busyPartitions.isEmpty || !busyPartitions.contains(body.partition) {
              if read.partition == nil { read.partition = body.partition }
              if body.partition == read.partition {
                let size = limits.bytes(inRequestOf: UnsafeRawBufferPointer(rebasing: bodyBytes[body.payloadRange]))
                if read.entries.count >= limits.maxEvents || (!read.entries.isEmpty && bytes + size > limits.recordBudget) {
                  break segments
                }
                bytes += size
                let payload = [UInt8](UnsafeRawBufferPointer(rebasing: bodyBytes[body.payloadRange]))
                let record = Record(
                  id: body.id, enqueuedAt: body.enqueuedAt, attempts: attempts[ifAny: position] ?? 0,
                  partition: body.partition, payload: payload)
                read.entries.append(PendingBatch.Entry(position: position, length: Int64(length), record: record))
              }
            }
            offset += Int64(length)
            if scanned >= lookahead { break segments }
          }
        }
      }
      return read
    }

    private func file(_ segment: UInt64, in directory: String) -> Int32? {
      if let fd = files[segment] { return fd }
      guard let fd = POSIXFile.openForReading(directory + "/" + SegmentLog.segmentFileName(segment)) else { return nil }
      files[segment] = fd
      return fd
    }
  }
}
