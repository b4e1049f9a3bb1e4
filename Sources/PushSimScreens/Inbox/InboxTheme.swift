// The InboxKit Style.default colours (spec §3.3), resolved for the dark or light appearance.

public struct InboxTheme: Sendable, Equatable {
    public var page: Color
    public var card: Color
    public var border: Color
    public var highlight: Color
    public var titleUnread: Color
    public var titleRead: Color
    public var bodyUnread: Color
    public var bodyRead: Color
    public var date: Color
    public var accent: Color
    public var buttonText: Color
    public var buttonBackground: Color
    public var pin: Color
    public var chipBackground: Color
    public var destructive: Color
    public var avatarRead: Color

    /// `enableDarkTheme` (default true) lets the dark appearance apply; false forces light.
    public static func `for`(dark: Bool) -> InboxTheme {
        if dark {
            let blue = Color.rgb(10, 132, 255)
            return InboxTheme(page: .black, card: .rgb(28, 28, 30), border: .rgb(58, 58, 60), highlight: blue,
                              titleUnread: .white, titleRead: .rgb(152, 152, 159), bodyUnread: .rgb(152, 152, 159),
                              bodyRead: .rgb(92, 92, 97), date: .rgb(152, 152, 159), accent: blue, buttonText: blue,
                              buttonBackground: blue.mixed(with: .rgb(28, 28, 30), 0.84), pin: blue,
                              chipBackground: .rgb(40, 40, 40), destructive: .rgb(255, 69, 58), avatarRead: .rgb(142, 142, 147))
        }
        let blue = Color.rgb(0, 122, 255)
        return InboxTheme(page: .rgb(242, 242, 247), card: .white, border: .rgb(198, 198, 200), highlight: blue,
                          titleUnread: .black, titleRead: .rgb(110, 110, 115), bodyUnread: .rgb(110, 110, 115),
                          bodyRead: .rgb(170, 170, 175), date: .rgb(110, 110, 115), accent: blue, buttonText: blue,
                          buttonBackground: blue.mixed(with: .white, 0.88), pin: blue,
                          chipBackground: .rgb(110, 110, 110), destructive: .rgb(255, 59, 48), avatarRead: .rgb(142, 142, 147))
    }
}
