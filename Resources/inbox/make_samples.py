#!/usr/bin/env python3
"""Writes the bundled inbox samples. action_params must be JSON *strings* (as getInboxMessages sends them),
which are error-prone to write by hand, so they are built here. Run from this folder: python3 make_samples.py"""
import calendar
import json

DAY = 86400
T0 = calendar.timegm((2026, 11, 23, 8, 0, 0))  # the samples' "this morning"
FAR = calendar.timegm((2100, 1, 1, 0, 0, 0))    # rt: never expires in a demo


def msg(code, order, send, title, text, ap=None, image=None, status=1):
    m = {"inbox_id": code, "order": str(order), "send_date": send, "rt": FAR, "title": title, "text": text,
         "action_type": 1 if ap and "l" in ap else 0, "status": status, "hash": "h-" + code}
    if image:
        m["image"] = image
    m["action_params"] = json.dumps(ap if ap is not None else {}, separators=(",", ":"), ensure_ascii=False)
    return m


mixed = [
    msg("welcome", 10, T0 - 3 * DAY, "Welcome to Acme", "Thanks for joining! Your inbox keeps offers, order updates and news.",
        {"pinned": True, "buttons": [{"title": "Open app", "url": "acme://home"}, {"title": "Mark read", "action": "markRead"}]}),
    msg("sale", 9, T0 + 2 * 3600, "", "", {"u": json.dumps({"displayType": "banner"})}, image="../images/banner-sale.jpg"),
    msg("arrivals", 8, T0 + 3600, "New arrivals are in",
        "Fresh picks for the season: jackets, boots and the scarf everyone asked for. Free returns for 30 days.",
        {"u": json.dumps({"displayType": "captioned", "buttons": [
            {"title": "Shop now", "url": "https://acme.example/new"}, {"title": "Not now", "action": "dismiss"}]})},
        image="../images/banner-sale.jpg"),
    msg("lookbook", 7, T0, "Winter lookbook", "Swipe through three looks for the cold months.",
        {"displayType": "carousel", "carousel": [
            {"image": "../images/banner-sale.jpg", "title": "Look 1 · Layers", "url": "https://acme.example/look/1"},
            {"image": "../images/avatar-1.png", "title": "Look 2"}, {"image": "../images/avatar-2.png", "title": "Look 3"}]}),
    msg("video", 6, T0 - DAY + 5 * 3600, "How to style a scarf", "A 40-second guide.",
        {"displayType": "video", "video": {"url": "https://acme.example/scarf.mp4", "poster": "../images/banner-sale.jpg"}}),
    msg("pass", 5, T0 - DAY + 2 * 3600, "Your member card", "Add it to Wallet to collect points in store.",
        {"displayType": "wallet", "wallet": {"pass": "https://acme.example/member.pkpass"}}),
    msg("order", 4, T0 - 2 * DAY, "Order #4217 shipped", "It arrives Thursday. Tap to track it.",
        {"l": "acme://orders/4217", "buttons": [{"title": "Track", "tag": "track-4217"},
                                                {"title": "Help", "url": "https://acme.example/help"}]},
        image="../images/avatar-1.png"),
    msg("survey", 3, T0 - 4 * DAY, "Quick survey", "Two questions about your last visit.",
        {"displayType": "banner", "u": {"pinned": 1}}),
    msg("receipt", 2, T0 - 6 * DAY, "Receipt for your purchase", "Total €84.20 · paid with card ending 4242.",
        {"buttons": [{"title": "View receipt", "url": "https://acme.example/receipts/981"}]},
        image="../images/avatar-2.png", status=2),
    msg("tips", 1, T0 - 9 * DAY, "", "Tip: long-press an item to save it for later.", None, status=3),
]

requests = {"request": {"application": "XXXXX-XXXXX", "auth": "API_ACCESS_TOKEN", "notifications": [
    {"send_date": "2026-11-23 09:00", "inbox_image": "../images/banner-sale.jpg", "inbox_days": 7,
     "ios_title": {"en": "Black Friday is here", "de": "Black Friday ist da"},
     "content": {"en": "Our biggest sale of the year starts now: 40% off everything.",
                 "de": "Unser größter Sale des Jahres: 40 % auf alles."},
     "link": "https://acme.example/sale",
     "data": {"displayType": "captioned", "buttons": [{"title": "Shop the sale", "url": "https://acme.example/sale"},
                                                      {"title": "Remind me", "tag": "remind"}]}},
    {"send_date": "2026-11-23 07:30", "ios_title": "Weekly summary", "content": "Your weekly summary is ready.",
     "inbox_date": "2026-12-31", "ios_root_params": {"pinned": True}},
    {"send_date": "2026-11-22 18:00", "content": "Doors open at 10:00 tomorrow.", "inbox_image": "../images/avatar-1.png",
     "data": {"displayType": "banner"}},
    {"send_date": "2026-11-21 12:00", "ios_title": "Loyalty points", "content": "Points expire soon: use them before December.",
     "inbox_days": 45,
     "data": {"buttons": [{"title": "See points", "url": "acme://points"}, {"title": "Got it", "action": "markRead"}]}},
    {"send_date": "now", "ios_title": "Flash deal", "content": "This one is a plain push: no inbox parameters."},
]}}

pushes = [
    {"aps": {"alert": {"title": "Back in stock", "body": "The boots you saved are back in your size."}, "sound": "default"},
     "pw_inbox": "push-boots", "inbox_params": {"rt": "2027-01-31", "image": "../images/avatar-2.png"}, "p": "1a2b3c",
     "l": "https://acme.example/boots", "u": json.dumps({"displayType": "captioned"})},
    {"aps": {"alert": "Your table is booked for 19:30."}, "pw_inbox": "push-table", "inbox_params": {"rt": "1800000000"}, "p": "4d5e6f"},
    {"aps": {"alert": "A regular push, not for the inbox."}, "p": "7a8b9c"},
]


def write(name, value):
    with open(name, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=2, ensure_ascii=False)
        f.write("\n")


write("mixed.json", {"status_code": 200, "status_message": "OK", "response": {"messages": mixed}})
write("empty.json", {"status_code": 200, "status_message": "OK", "response": {"messages": []}})
write("requests.json", requests)
write("pushes.json", pushes)
