/// Names and numbers shown in the About dialog, `--version` and the desktop files.
public enum AppInfo {
  public static let id = "org.natter.Natter"
  public static let name = "Natter"
  public static let version = "0.1.0"
  public static let website = "https://natter.org"
  /// The gettext domain: `natter.mo` in each language's catalogue directory.
  public static let textDomain = "natter"
}
