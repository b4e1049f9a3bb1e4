// The bundled sample configs as the parser leaves them (built by hand, so the drawings are tested on their own).

@testable import PushSimEngine
@testable import PushSimScreens

enum InAppFixtures {
    /// `#RRGGBB` or `#RRGGBBAA`.
    static func hex(_ s: String) -> InAppColor {
        let h = Array(s.dropFirst())
        func byte(_ i: Int) -> Double { Double(Int(String(h[i..<i + 2]), radix: 16)!) / 255 }
        return InAppColor(red: byte(0), green: byte(2), blue: byte(4), alpha: h.count == 8 ? byte(6) : 1)
    }
    static func text(_ t: String, _ c: String) -> InAppText { InAppText(text: t, color: hex(c)) }
    static func button(_ t: String, _ fg: String, _ bg: String, _ border: String, radius: Double = 14, url: String? = nil) -> InAppButton {
        InAppButton(text: text(t, fg), background: hex(bg), borderColor: hex(border), borderRadius: radius,
                    action: url.map(InAppAction.url) ?? .close)
    }

    static let welcomeCard = InAppCard(
        background: hex("#FFFFFF"), title: text("Welcome aboard!", "#1C1C1E"),
        message: text("Turn on order updates and get 10% off your first delivery.", "#5B5B63"),
        image: "https://cdn.example.com/inapp/welcome-hero.png", showClose: true,
        buttons: [button("Claim 10% off", "#FFFFFF", "#FF3B30", "#FF3B30", url: "https://shop.example.com/offers/welcome10"),
                  button("Not now", "#3A3A3C", "#FFFFFF00", "#C7C7CC")],
        dimBackground: true)
    static let modal = InAppMessage(id: "welcome-2026-q4", content: .modal(welcomeCard))
    static let modalPlain = InAppMessage(id: "plain", content: .modal(InAppCard(
        background: hex("#1C1C1E"), title: text("Maintenance tonight", "#FFFFFF"),
        message: text("The app is read-only from 02:00 to 03:00 UTC.", "#AEAEB2"), showClose: false, buttons: [], dimBackground: false)))
    static let sheet = InAppMessage(id: "sheet-loyalty", content: .sheet(InAppCard(
        background: hex("#F2F2F7"), title: text("Join Shop Rewards", "#1C1C1E"),
        message: text("Earn points on every order and swap them for free delivery.", "#3A3A3C"),
        image: "https://cdn.example.com/inapp/rewards.jpg", showClose: true,
        buttons: [button("Join free", "#FFFFFF", "#0A84FF", "#0A84FF", url: "https://shop.example.com/rewards")],
        dimBackground: true)))
    static let carousel = InAppMessage(id: "carousel-new-arrivals", content: .carousel(InAppCarousel(showClose: false, items: [
        InAppCarouselItem(image: "https://cdn.example.com/inapp/arrivals/jackets.jpg", title: text("Winter jackets", "#FFFFFF"),
                          message: text("Down, wool and rain shells", "#FFFFFFD9"), action: .url("https://shop.example.com/c/jackets")),
        InAppCarouselItem(image: "https://cdn.example.com/inapp/arrivals/boots.jpg", title: text("Boots", "#FFFFFF"),
                          action: .url("https://shop.example.com/c/boots")),
        InAppCarouselItem(image: "https://cdn.example.com/inapp/arrivals/scarves.jpg"),
    ])))
    static let stories = InAppMessage(id: "stories-weekend-recipes", content: .stories(InAppStories(showClose: true, loop: false, items: [
        InAppStoryItem(duration: 5, image: "https://cdn.example.com/inapp/recipes/01-pancakes.jpg", title: text("Saturday pancakes", "#FFFFFF"),
                       message: text("Fluffy in 15 minutes", "#FFFFFFD9")),
        InAppStoryItem(duration: 7.5, image: "https://cdn.example.com/inapp/recipes/02-ramen.jpg", title: text("Sunday ramen", "#FFFFFF")),
        InAppStoryItem(duration: 30, image: "https://cdn.example.com/inapp/recipes/03-box.jpg", title: text("Get the box", "#FFFFFF"),
                       message: text("Duration 45 is clamped to 30 s", "#FFFFFFD9"),
                       buttons: [button("Order the box", "#111111", "#FFD60A", "#FFD60A", radius: 26, url: "https://shop.example.com/box")]),
    ])))
    static let banner = InAppMessage(id: "40213", content: .banner(InAppBanner(
        position: .top, autoDismiss: 6, image: "https://cdn.example.com/inapp/icons/truck.png",
        title: text("Your order is on its way", "#FFFFFF"), message: text("Arriving Thursday. Tap to track.", "#FFFFFFB3"),
        background: hex("#0A84FF"), action: .url("https://shop.example.com/orders/40213"), showClose: true)))
    static let fullscreen = InAppMessage(id: "fullscreen-sale", content: .fullscreen(InAppFullscreen(
        cover: InAppCover(background: hex("#0B1F3A"), image: "https://cdn.example.com/inapp/sale-cover.jpg"),
        title: text("The winter sale is on", "#FFFFFF"), message: text("Up to 50% off outerwear until Sunday.", "#FFFFFFD9"),
        buttons: [button("Shop the sale", "#0B1F3A", "#FFFFFF", "#FFFFFF", radius: 26, url: "https://shop.example.com/sale"),
                  button("Maybe later", "#FFFFFF", "#FFFFFF00", "#FFFFFF80", radius: 26)],
        showClose: true)))
    static let video = InAppMessage(id: "video-launch-trailer", content: .video(InAppVideo(
        url: "https://media.example.com/inapp/launch/trailer.m3u8", poster: "https://cdn.example.com/inapp/launch/poster.jpg",
        fallback: "https://cdn.example.com/inapp/launch/fallback.jpg", title: text("Meet the new Studio", "#FFFFFF"),
        message: text("Pre-orders open today", "#FFFFFFD9"),
        buttons: [button("Pre-order", "#000000", "#FFFFFF", "#FFFFFF", radius: 26, url: "https://shop.example.com/studio/preorder")],
        loop: true, muted: true, showClose: false)))
    static let pip = InAppMessage(id: "pip-live-match-1127", content: .pip(InAppPip(
        position: .bottomRight, width: 0.4, aspectRatio: 0.5625, url: "https://media.example.com/live/match-1127.m3u8",
        poster: "https://cdn.example.com/inapp/live/match-1127.jpg", fallback: "https://cdn.example.com/inapp/live/offline.jpg",
        loop: false, muted: true, action: .url("https://sports.example.com/live/1127"), showClose: true)))
    static let scratch = InAppMessage(id: "scratch-bf-2026", content: .scratchcard(InAppScratchCard(
        revealThreshold: 0.55, cover: InAppCover(background: hex("#B0B0B8")),
        background: .gradient([hex("#2B0A3D"), hex("#6A1B9A"), hex("#D81B60")]),
        title: text("Scratch & win", "#FFFFFF"), message: text("Every card wins something this Black Friday", "#FFFFFFB8"),
        revealButton: button("Reveal now", "#FFFFFF", "#FFFFFF26", "#FFFFFF80", radius: 26),
        reward: InAppReward(title: text("25% off everything", "#6A1B9A"), code: "BF25-7QX",
                            button: button("Shop now", "#FFFFFF", "#6A1B9A", "#6A1B9A", url: "https://shop.example.com/black-friday"),
                            message: text("Valid until Sunday midnight", "#4A4A4A")),
        showClose: true)))
    static let spin = InAppMessage(id: "spin-daily-bonus", content: .spinwheel(InAppSpinWheel(
        segments: [
            InAppWheelSegment(message: text("5% off", "#FFFFFF"), weight: 40, color: hex("#5E5CE6")),
            InAppWheelSegment(message: text("Free ship", "#FFFFFF"), weight: 30, color: hex("#FF375F"),
                              reward: InAppReward(title: text("Free shipping", "#101828"), code: "SHIPFREE")),
            InAppWheelSegment(message: text("10% off", "#101828"), weight: 20, color: hex("#64D2FF")),
            InAppWheelSegment(message: text("Try again", "#FFFFFF"), weight: 10),
        ],
        winIndex: 1, background: .solid(hex("#101828")), title: text("Daily bonus spin", "#FFFFFF"),
        message: text("One spin per day", "#FFFFFFB8"),
        spinButton: InAppButton(text: text("SPIN", "#101828"), background: hex("#FFD60A"), borderColor: hex("#FFFFFF"),
                                borderRadius: 36, action: .close),
        reward: InAppReward(title: text("5% off your next order", "#101828"), code: "SPIN5",
                            button: button("Use it now", "#FFFFFF", "#5E5CE6", "#5E5CE6", url: "https://shop.example.com/cart")),
        loseTitle: text("No luck today", "#101828"), showClose: true)))

    /// Every template, named as its layout.
    static let all: [InAppMessage] = [modal, sheet, carousel, stories, banner, fullscreen, video, pip, scratch, spin]

    /// The pip's centre at its configured corner (bottom-right, 14 pt inside the safe area of an iPhone 15).
    static func pipAtCorner(_ p: inout InAppPresentation) {
        p.pipCenter = InAppPoint(x: 390 - 14 - 78, y: 844 - 34 - 14 - 44)
    }
}
