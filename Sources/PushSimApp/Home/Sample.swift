// A bundled sample the home screen lists: which experience, what it shows, its keys, and how to open it.

import PushSimMedia
import PushSimScreens

public struct Sample {
    public enum Experience: String, CaseIterable, Sendable {
        case stories = "Push stories"
        case primer = "Push primer"
        case inbox = "Inbox"
        case banners = "In-app banners"
        case nativeInApp = "Native in-app"
    }

    public var experience: Experience
    public var title: String
    /// One line: what this sample shows.
    public var summary: String
    /// One line: the keys that matter in it.
    public var keys: String
    /// The equivalent command line, shown on the home screen so users learn the CLI.
    public var command: String
    /// Builds the scene; a thrown `UserError` is shown on the home screen as one line.
    public var makeScene: () throws -> Scene

    public init(experience: Experience, title: String, summary: String, keys: String, command: String, makeScene: @escaping () throws -> Scene) {
        self.experience = experience
        self.title = title
        self.summary = summary
        self.keys = keys
        self.command = command
        self.makeScene = makeScene
    }
}

/// Every bundled sample. Each experience contributes its own list in its own file.
public enum SampleCatalog {
    /// - Parameter terminalColors: what the terminal draws (0 without colour), so sample images are rendered for it.
    public static func all(resources: Resources, terminalColors: Int? = nil) -> [Sample] {
        let colors = ColorMode.detect(terminalColors: terminalColors)
        var list: [Sample] = []
        list += storiesSamples(resources, colors)
        list += primerSamples(resources, colors)
        list += inboxSamples(resources, colors)
        list += bannersSamples(resources, colors)
        list += nativeInAppSamples(resources, colors)
        return list
    }
}

/// A scene with something to tell whoever started it once it has finished (the home screen shows it in its status
/// line): the QA walkthrough says where its report went.
public protocol ClosingMessage: AnyObject {
    var closingMessage: String? { get }
}
