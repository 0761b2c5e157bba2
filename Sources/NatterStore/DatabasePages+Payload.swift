extension DatabasePages {
  /// The whole payload of `cell`, its overflow chain followed; nil when the chain is broken:
  /// a page number out of range, a page seen before (a cycle) or a page that cannot be read.
  func payload(of cell: BTreePage.Cell) -> [UInt8]? {
    var payload = Array(cell.local)
    guard var next = cell.overflow else { return payload }
    // The cell checked the size against `BTreePage.payloadLimit`, so it fits an Int.
    guard cell.size <= BTreePage.payloadLimit else { return nil }
    let size = Int(cell.size)
    let perPage = usableSize - 4
    guard perPage > 0, (size - payload.count) / perPage < pageCount else { return nil }
    var visited = Set<Int>()
    while payload.count < size {
      guard next >= 2, next <= pageCount, visited.insert(next).inserted, let page = page(next),
        page.count >= 4 + perPage
      else { return nil }
      payload += page[4..<(4 + min(perPage, size - payload.count))]
      next = Int(FileBytes.uint32(page, 0))
    }
    return payload
  }
}
