/// One message in the exchange format, with the time as stored (milliseconds, UTC).
struct ExportRecord: Equatable {
  var id: String
  var sender: String
  var sentAtMilliseconds: Int64
  var body: String
  var tags: [String]
  var edited: Bool
}
