// `pushsim validate` on primer configs and in-app banners: findings with paths, local images, arrays of banners.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct PrimerValidationTests {
    @Test func everyProblemOfAConfigIsReported() throws {
        let r = PayloadValidation.check(try validationTemp(#"{"style":"sheet","position":"left","titleColor":"white","acceptbuton":"OK"}"#),
                                        options: PayloadValidation.Options())
        #expect(r.kinds == [.primer])
        #expect(r.findings.map(\.path) == ["position", "titleColor", "acceptbuton"])
        #expect(r.findings.allSatisfy { $0.severity == .error })
        #expect(r.findings[0].message == #"must be bottom, top or center (got "left")"#)
        #expect(r.findings[2].message.hasPrefix(#"is not a primer setter; did you mean "acceptButton"?"#))
        #expect(r.summary == "primer config (sheet style, bottom position), 4 keys")
    }

    @Test func aMissingLocalImageIsAWarning() throws {
        let ok = PayloadValidation.check(try validationTemp(#"{"style":"sheet","image":"images/here.jpg"}"#), options: PayloadValidation.Options())
        #expect(ok.findings.isEmpty)
        let gone = PayloadValidation.check(try validationTemp(#"{"style":"sheet","image":"images/gone.png"}"#), options: PayloadValidation.Options())
        #expect(gone.findings.map(\.path) == ["image"])
        #expect(gone.findings[0].message.hasSuffix("which does not exist; the primer shows its default bell instead"))
    }
}

@Suite struct BannerValidationTests {
    @Test func aBannerWithoutTextIsAnError() throws {
        let r = PayloadValidation.check(try validationTemp(#"{"id":"x","link":"https://x"}"#), options: PayloadValidation.Options())
        #expect(r.findings.map(\.message) == ["a banner needs a title or a body"])
        #expect(r.summary == "in-app banner (refused)")
        #expect(PayloadValidation.exitStatus([r]) == 1)
    }

    @Test func anArrayIsCheckedBannerByBanner() throws {
        let text = #"[{"title":"A","duration":"5"},{"title":"B","image":"images/here.jpg"},{"link":"https://x"},{"body":"D","image":"../nope.png"}]"#
        let r = PayloadValidation.check(try validationTemp(text), options: PayloadValidation.Options())
        #expect(r.kinds == [.banner])
        #expect(r.findings.map(\.path) == ["[0].duration", "[2]", "[3].image"])
        #expect(r.findings.map(\.severity) == [.warning, .error, .warning])
        #expect(r.summary == "in-app banners, 4 banners, 1 refused")
        let empty = PayloadValidation.check(try validationTemp("[]"), options: PayloadValidation.Options(kind: .banner))
        #expect(empty.findings.map(\.message) == ["the array holds no banners, so nothing would be shown"])
    }
}
