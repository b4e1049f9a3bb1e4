// What the simulated phone and app are like on the way from APNs to the SDK: the content extension's categories,
// App Transport Security, the service extension, the device's language and width, and the image network's speed.

public struct DeliveryOptions: Sendable, Equatable {
    /// The stories content extension's `UNNotificationExtensionCategory` in Pushwoosh's guide.
    public static let defaultCategories = ["PW_STORIES"]
    /// The default `--device` (its width in points decides where the collapsed notification's text is cut).
    public static let defaultDevice = (name: DefaultPhone.name, width: DefaultPhone.width)

    /// The content extension's categories (`--extension-category`, repeatable; given once it replaces the default).
    public var extensionCategories: [String]
    /// `NSAllowsArbitraryLoads` in the app's Info.plist (`--allow-http`); off, as App Transport Security is by default.
    public var allowHTTP: Bool
    /// The app has a Notification Service Extension (off with `--no-service-extension`).
    public var hasServiceExtension: Bool
    /// The device's language (`--language`); nil is pushsim's English device.
    public var language: String?
    /// The device's name (as `--device` gave it) and width in points.
    public var deviceName: String
    public var deviceWidth: Double
    /// Seconds every image download takes (`--image-delay`), on the simulated clock; 0 = at once.
    public var imageDelay: Double

    public init(extensionCategories: [String] = DeliveryOptions.defaultCategories, allowHTTP: Bool = false,
                hasServiceExtension: Bool = true, language: String? = nil, deviceName: String = DeliveryOptions.defaultDevice.name,
                deviceWidth: Double = DeliveryOptions.defaultDevice.width, imageDelay: Double = 0) {
        self.extensionCategories = extensionCategories
        self.allowHTTP = allowHTTP
        self.hasServiceExtension = hasServiceExtension
        self.language = language
        self.deviceName = deviceName
        self.deviceWidth = deviceWidth
        self.imageDelay = imageDelay
    }

    /// The categories as a reader sees them: `PW_STORIES` or `PW_STORIES, PROMO`.
    public var categoryList: String { extensionCategories.joined(separator: ", ") }
}
