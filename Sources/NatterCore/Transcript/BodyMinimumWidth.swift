/// How narrow a message body may become.
///
/// About as wide as the narrowest window (360 px) leaves for a body once a row's padding (24 px
/// in natter.css) is taken, with room to spare for a scrollbar and the sidebar's edge. The body
/// asks for this width rather than measuring its text for it: GTK 4.8 would lay the text out at
/// its minimum width and again unwrapped for every row it measures (issue 19).
public enum BodyMinimumWidth {
  public static let pixels = 240
}
