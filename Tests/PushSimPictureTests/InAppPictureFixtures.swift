// The ten native templates as the SDK's parser leaves the bundled sample configs, built directly (with the repository's
// own images in place of the samples' example.com addresses), for the in-app picture tests.

import Foundation
import PushSimApp
import PushSimEngine
@testable import PushSimPicture

enum InAppFixtures {
    static let resources = Resources.locate()
    static func image(_ name: String) -> String { resources.path("images/" + name) }

    /// `#RRGGBB` or `#RRGGBBAA`.
    static func hex(_ s: String) -> InAppColor {
        let digits = Array(s.dropFirst())
        func byte(_ i: Int) -> Double { Double(Int(String(digits[i..<(i + 2)]), radix: 16)!) / 255 }
        return InAppColor(red: byte(0), green: byte(2), blue: byte(4), alpha: digits.count == 8 ? byte(6) : 1)
    }

    static func text(_ t: String, _ c: String) -> InAppText { InAppText(text: t, color: hex(c)) }

    static func button(_ t: String, _ fg: String, _ bg: String, border: String? = nil, radius: Double = 14,
                       _ action: InAppAction = .close) -> InAppButton {
        InAppButton(text: text(t, fg), background: hex(bg), borderColor: hex(border ?? bg), borderRadius: radius, action: action)
    }

    static let welcomeButtons = [
        button("Claim 10% off", "#FFFFFF", "#FF3B30", .url("https://shop.example.com/offers/welcome10")),
        button("Not now", "#3A3A3C", "#FFFFFF00", border: "#C7C7CC"),
    ]

    static let modal = InAppMessage(id: "welcome-2026-q4", content: .modal(InAppCard(
        background: hex("#FFFFFF"), title: text("Welcome aboard!", "#1C1C1E"),
        message: text("Turn on order updates and get 10% off your first delivery.", "#5B5B63"),
        image: image("hero-bell.png"), showClose: true, buttons: welcomeButtons, dimBackground: true)))

    /// The same modal with its `dark` overlay merged in (background, title/message colours, button 2's colours).
    static let modalDark = InAppMessage(id: "welcome-2026-q4", content: .modal(InAppCard(
        background: hex("#1C1C1E"), title: text("Welcome aboard!", "#FFFFFF"),
        message: text("Turn on order updates and get 10% off your first delivery.", "#AEAEB2"),
        image: image("hero-bell.png"), showClose: true,
        buttons: [welcomeButtons[0], button("Not now", "#E5E5EA", "#FFFFFF00", border: "#48484A")], dimBackground: true)),
        darkApplied: true)

    static let sheet = InAppMessage(id: "sheet-app-update", content: .sheet(InAppCard(
        background: hex("#FFFFFF"), title: text("A fresher checkout", "#1C1C1E"),
        message: text("Pay in one tap with saved cards, and track every order from the new Orders tab.", "#5B5B63"),
        image: image("city.png"), showClose: true,
        buttons: [button("See what's new", "#FFFFFF", "#007AFF", .url("https://shop.example.com/whats-new"))], dimBackground: true)))

    static let carousel = InAppMessage(id: "carousel-new-arrivals", content: .carousel(InAppCarousel(showClose: false, items: [
        InAppCarouselItem(image: image("forest.png"), title: text("Winter jackets", "#FFFFFF"),
                          message: text("Down, wool and rain shells", "#FFFFFFD9"), action: .url("https://shop.example.com/c/jackets")),
        InAppCarouselItem(image: image("dunes.jpg"), title: text("Boots", "#FFFFFF"), action: .url("https://shop.example.com/c/boots")),
        InAppCarouselItem(image: image("ocean.jpg")),
    ])))

    static let stories = InAppMessage(id: "stories-weekend-recipes", content: .stories(InAppStories(showClose: true, loop: false, items: [
        InAppStoryItem(duration: 5, image: image("aurora.jpg"), title: text("Weekend recipes", "#FFFFFF"),
                       message: text("Three dinners under 30 minutes", "#FFFFFFD9")),
        InAppStoryItem(duration: 7.5, image: image("dunes.jpg"), title: text("Saturday: shakshuka", "#FFFFFF"),
                       message: text("Eggs, tomatoes, peppers and a pan", "#FFFFFFD9")),
        InAppStoryItem(duration: 30, image: image("forest.png"), title: text("Get the full box", "#FFFFFF"),
                       buttons: [button("Order the box", "#1C1C1E", "#FFFFFF", radius: 26, .url("https://shop.example.com/box"))]),
    ])))

    static let banner = InAppMessage(id: "40213", content: .banner(InAppBanner(
        position: .top, autoDismiss: 6, image: image("avatar-1.png"), title: text("Your order has shipped", "#FFFFFF"),
        message: text("Order #40213 is on its way. Track it in the app.", "#FFFFFFCC"), background: hex("#1C1C1E"),
        action: .url("https://shop.example.com/orders/40213"), showClose: true)))

    static let fullscreen = InAppMessage(id: "fullscreen-summer", content: .fullscreen(InAppFullscreen(
        cover: InAppCover(background: hex("#0B3D2E"), image: image("ocean.jpg")), title: text("Summer is here", "#FFFFFF"),
        message: text("New swimwear, linen and sandals: free returns all season.", "#FFFFFFD9"),
        buttons: [button("Shop summer", "#0B3D2E", "#FFFFFF", radius: 26, .url("https://shop.example.com/summer")),
                  button("Maybe later", "#FFFFFF", "#FFFFFF00", border: "#FFFFFF99", radius: 26)],
        showClose: false)))

    static let video = InAppMessage(id: "video-launch-trailer", content: .video(InAppVideo(
        url: "https://cdn.example.com/inapp/trailer/master.m3u8", poster: image("aurora.jpg"), fallback: image("city.png"),
        title: text("The Aurora collection", "#FFFFFF"), message: text("Watch the launch film", "#FFFFFFCC"),
        buttons: [button("Shop the collection", "#000000", "#FFFFFF", radius: 26, .url("https://shop.example.com/aurora"))],
        loop: true, muted: true, showClose: false)))

    static let pip = InAppMessage(id: "pip-live-match", content: .pip(InAppPip(
        position: .bottomRight, width: 0.4, aspectRatio: 0.5625, url: "https://cdn.example.com/live/match.m3u8",
        poster: image("forest.png"), loop: false, muted: true, action: .url("https://shop.example.com/live"), showClose: false)))

    static let scratchcard = InAppMessage(id: "scratch-bf-2026", maxDisplays: 1, content: .scratchcard(InAppScratchCard(
        revealThreshold: 0.55, cover: InAppCover(background: hex("#B0B0B8")),
        background: .gradient([hex("#2B0A3D"), hex("#6A1B9A"), hex("#D81B60")]),
        title: text("Scratch & win", "#FFFFFF"), message: text("Every card wins something this Black Friday", "#FFFFFFB8"),
        revealButton: button("Reveal now", "#FFFFFF", "#FFFFFF26", border: "#FFFFFF80", radius: 26),
        reward: InAppReward(title: text("25% off everything", "#6A1B9A"), code: "BF25-7QX",
                            button: button("Shop now", "#FFFFFF", "#6A1B9A", .url("https://shop.example.com/black-friday")),
                            message: text("Valid until Sunday midnight", "#4A4A4A")),
        showClose: true)))

    static let spinwheel = InAppMessage(id: "spin-daily-bonus", cooldown: 86400, content: .spinwheel(InAppSpinWheel(
        segments: [
            InAppWheelSegment(message: text("5% off", "#FFFFFF"), weight: 40, color: hex("#5E5CE6")),
            InAppWheelSegment(message: text("Free ship", "#FFFFFF"), weight: 30, color: hex("#FF375F"),
                              reward: InAppReward(title: text("Free shipping", "#101828"), code: "SHIPFREE")),
            InAppWheelSegment(message: text("10% off", "#101828"), weight: 20, color: hex("#64D2FF")),
            InAppWheelSegment(message: text("Try again", "#FFFFFF"), weight: 10),
        ],
        winIndex: 1, background: .solid(hex("#101828")), title: text("Daily bonus spin", "#FFFFFF"),
        message: text("One spin per day", "#FFFFFFB8"),
        spinButton: button("SPIN", "#101828", "#FFD60A", border: "#FFFFFF", radius: 36),
        reward: InAppReward(title: text("5% off your next order", "#101828"), code: "SPIN5",
                            button: button("Use it now", "#FFFFFF", "#5E5CE6", .url("https://shop.example.com/cart"))),
        loseTitle: text("No luck today", "#101828"), showClose: true)))

    /// Where the player rests a pip at its corner: 14 pt inside the safe area (spec §6.8).
    static func restingCenter(_ pip: InAppPip, on device: PictureDevice) -> InAppPoint {
        let w = device.width * pip.width, h = w * pip.aspectRatio
        let left = pip.position == .topLeft || pip.position == .bottomLeft
        let top = pip.position == .topLeft || pip.position == .topRight
        return InAppPoint(x: left ? 14 + w / 2 : device.width - 14 - w / 2,
                          y: top ? device.safeTop + 14 + h / 2 : device.height - device.safeBottom - 14 - h / 2)
    }

    static let all: [(String, InAppMessage)] = [
        ("modal", modal), ("sheet", sheet), ("carousel", carousel), ("stories", stories), ("banner", banner),
        ("fullscreen", fullscreen), ("video", video), ("pip", pip), ("scratchcard", scratchcard), ("spinwheel", spinwheel),
    ]
}
