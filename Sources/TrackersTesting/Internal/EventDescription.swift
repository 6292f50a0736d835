/// How an event reads in a failure message: strings quoted (so an empty or padded name shows), everything
/// else as it describes itself.
func describeEvent<Event>(_ event: Event) -> String {
  if let string = event as? String {
    return String(reflecting: string)
  }
  return String(describing: event)
}

/// "1 event", "2 events".
func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
  "\(count) \(count == 1 ? singular : plural)"
}
