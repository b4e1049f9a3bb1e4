// What the inbox screen suites share: a fixed now in UTC and a message builder.

import Foundation
@testable import PushSimEngine

protocol InboxScreenFixture {}

extension InboxScreenFixture {
    var utc: TimeZone { TimeZone(identifier: "UTC")! }
    var now: Date { Date(timeIntervalSince1970: 1_795_435_200) }  // 2026-11-23T12:00:00Z

    func message(_ code: String, title: String? = "Title", body: String? = "Body text", image: String? = nil,
                 ap: JSONObject? = nil, hoursAgo: Double = 1, status: InboxStatus = .delivered) -> InboxMessage {
        InboxMessage(code: code, title: title, message: body, imageUrl: image, sendDate: now.addingTimeInterval(-hoursAgo * 3600),
                     actionParams: ap, status: status)
    }
}
