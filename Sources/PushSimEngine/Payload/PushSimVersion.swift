// pushsim's own version, for `--version` and for records it writes (the walkthrough report).

public enum PushSimVersion {
    public static let current = "0.1.0"
}
