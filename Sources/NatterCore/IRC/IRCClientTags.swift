/// The client tags of SPEC §13, as they travel.
enum IRCClientTags {
  static let reply = "+draft/reply"
  static let react = "+draft/react"
  static let unreact = "+draft/unreact"
  static let typing = "+typing"
}
