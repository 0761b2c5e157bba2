/// Why one import line is invalid; becomes `ImportError.invalidLine` with the line number.
struct ImportLineFailure: Error {
  let reason: String
}
