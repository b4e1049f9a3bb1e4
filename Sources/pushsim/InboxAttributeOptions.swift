// The InboxKit attributes a feed is shown with (PWIInboxAttributes), as options of `pushsim inbox`.

import ArgumentParser
import PushSimEngine

struct InboxAttributeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show every message as this card: banner, captioned, classic, carousel, video, wallet or default.", valueName: "kind"))
    var forceCellKind: String?

    @Flag(help: "pinningEnabled = false: no pinned-first order and no pin indicator.")
    var noPinning = false

    @Flag(help: "pinIndicatorVisible = false: pinned messages still sort first.")
    var noPinIndicator = false

    @Flag(help: "swipeToDeleteEnabled = false.")
    var noSwipeToDelete = false

    @Flag(help: "automaticReadOnDisappear = false: leaving does not mark the visible rows read.")
    var noReadOnDisappear = false

    @Flag(help: "automaticReadOnDisplay = false (SDK 7.2.7 and later; 7.1.3 has no such attribute): rows are not read just by being shown.")
    var noReadOnDisplay = false

    @Flag(help: "pullToRefreshEnabled = false.")
    var noPullToRefresh = false

    @Flag(help: "inlineButtonsEnabled = false.")
    var noButtons = false

    @Flag(help: "enableDarkTheme = false: the light appearance.")
    var light = false

    @Option(help: ArgumentHelp("emptyMessage (default \"Your inbox is empty\").", valueName: "text"))
    var emptyMessage: String?

    @Option(help: ArgumentHelp("errorMessage (default \"Couldn't load messages\").", valueName: "text"))
    var errorMessage: String?

    @Option(help: ArgumentHelp("The host's delegate answers false to select (didSelect), button (didTapButton) or delete (shouldDelete); repeatable. From SDK 7.2.7 the tap is still reported as an open, so the message is read.", valueName: "callback"))
    var decline: [String] = []

    func validate() throws {
        for d in decline where !["select", "button", "delete"].contains(d) {
            throw ValidationError("--decline must be select, button or delete (got '\(d)')")
        }
        if let k = forceCellKind, InboxCellKind(rawValue: k.lowercased()) == nil {
            throw ValidationError("--force-cell-kind must be one of \(InboxCellKind.allCases.map(\.rawValue).joined(separator: ", ")) (got '\(k)')")
        }
    }

    var attributes: InboxAttributes {
        var a = InboxAttributes()
        a.pinningEnabled = !noPinning
        a.pinIndicatorVisible = !noPinIndicator
        a.swipeToDeleteEnabled = !noSwipeToDelete
        a.automaticReadOnDisappear = !noReadOnDisappear
        a.automaticReadOnDisplay = !noReadOnDisplay
        a.delegate = InboxDelegateAnswers(select: !decline.contains("select"), button: !decline.contains("button"),
                                          delete: !decline.contains("delete"))
        a.pullToRefreshEnabled = !noPullToRefresh
        a.inlineButtonsEnabled = !noButtons
        a.enableDarkTheme = !light
        a.forceCellKind = forceCellKind.flatMap { InboxCellKind(rawValue: $0.lowercased()) }
        if let e = emptyMessage { a.emptyMessage = e }
        if let e = errorMessage { a.errorMessage = e }
        return a
    }
}
