/// A value bound to a statement built at run time, such as a search with a variable tag count.
enum StatementValue {
  case text(String)
  case integer(Int64)
}
