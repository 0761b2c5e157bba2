/// One forward step of the schema; `version` is the `user_version` it leaves behind.
struct Migration: Sendable {
  let version: Int
  let apply: @Sendable (SQLiteConnection) throws -> Void
}
