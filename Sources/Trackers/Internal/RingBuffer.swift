/// A first-in, first-out buffer whose oldest element is removed in constant time.
struct RingBuffer<Element> {
  private var storage: [Element?] = []
  private var head = 0
  private(set) var count = 0

  mutating func append(_ element: Element) {
    if count == storage.count {
      // Full: unroll into a larger array, oldest first.
      var grown: [Element?] = []
      grown.reserveCapacity(Swift.max(8, storage.count * 2))
      for offset in 0..<count { grown.append(storage[(head + offset) % storage.count]) }
      grown.append(contentsOf: repeatElement(nil, count: grown.capacity - grown.count))
      storage = grown
      head = 0
    }
    storage[(head + count) % storage.count] = element
    count += 1
  }

  mutating func popFirst() -> Element? {
    guard count > 0 else { return nil }
    let element = storage[head]
    storage[head] = nil
    head = (head + 1) % storage.count
    count -= 1
    return element
  }

  mutating func removeFirst() {
    _ = popFirst()
  }

  mutating func removeAll() {
    storage = []
    head = 0
    count = 0
  }
}

extension RingBuffer: Sendable where Element: Sendable {}
