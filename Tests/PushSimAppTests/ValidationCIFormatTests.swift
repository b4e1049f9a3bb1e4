// `pushsim validate` where CI shows findings: each finding's line and column from the file's bytes (JSONLocator),
// the GitHub workflow commands, the SARIF log, stable rule ids, --strict and folders.

import Foundation
import Testing
@testable import PushSimApp
import PushSimEngine

@Suite struct JSONLocatorTests {
    func place(_ path: String, in text: String) -> (Int, Int)? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { JSONLocator.lineColumns(of: [path], in: $0)[path] }.map { ($0.line, $0.column) }
    }

    @Test func aMemberIsWhereItsKeyStartsAndAnElementWhereItsValueStarts() {
        let text = "{\n  \"pw_stories\": {\n    \"pages\": [\n      {\"image\": 1},\n      {\"link\": \"x\", \"image\": 2}\n    ]\n  }\n}\n"
        #expect(place("pw_stories", in: text)! == (2, 3))
        #expect(place("pw_stories.pages", in: text)! == (3, 5))
        #expect(place("pw_stories.pages[0]", in: text)! == (4, 7))
        #expect(place("pw_stories.pages[1].image", in: text)! == (5, 21))
        #expect(place("", in: text)! == (1, 1))
    }

    @Test func aPathNotAllInTheFileIsAtItsNearestEnclosingPlace() {
        // A createMessage request's finding about the userInfo built from it names keys the file lacks.
        let text = "{\"a\": {\"b\": 1}}"
        #expect(place("a.c.d", in: text)! == (1, 2))
        #expect(place("a[3]", in: text)! == (1, 2))
        #expect(place("x", in: text)! == (1, 1))
        #expect(place("a.b[*]", in: text)! == (1, 8))
    }

    @Test func quotedKeysEscapesColumnsInCharactersAndTheLastOfARepeatedKey() {
        let text = "{\"é\": 0, \"odd key\": {\"q\\\"\": [true, {\"x\": null}]}, \"é\": 1}"
        #expect(place(#"["odd key"]["q\""][1].x"#, in: text)! == (1, 37))
        // The device keeps a repeated key's last value, so that is the one a finding is about.
        #expect(place("é", in: text)! == (1, 51))
        // A byte order mark is no column.
        #expect(place("a", in: "\u{FEFF}{\"a\": 1}")! == (1, 2))
    }

    @Test func hostileBytesEndTheWalkWithoutATrap() {
        for text in ["", "{", "[", "{\"a\"", "{\"a\":", "[1,", "\"", "{\"a\": [[[[", "}}}]]]"] {
            _ = place("a[0].b", in: text)
        }
    }
}

@Suite struct ValidationCIFormatTests {
    func report(_ text: String, name: String = "payload.json") throws -> PayloadValidation.FileReport {
        PayloadValidation.check(try validationTemp(text, name: name), options: .init(now: validationNow))
    }

    let banner = "{\n  \"title\": \"Hi\",\n  \"body\": \"There\",\n  \"link\": \"shop.example/sale\"\n}\n"

    @Test func findingsCarryTheLineAndColumnOfTheirPath() throws {
        let r = try report(banner)
        let link = try #require(r.findings.first { $0.path == "link" })
        #expect(link.line == 4 && link.column == 3)
    }

    @Test func textKeepsItsLineStartAndEndsWithTheFilesPlace() throws {
        let r = try report(banner)
        let text = PayloadValidation.text([r])
        #expect(text.contains("\(r.file): warning: link: \"shop.example/sale\" has no scheme"))
        #expect(text.contains(" (\(r.file):4:3)\n"))
    }

    @Test func jsonGivesLineAndColumn() throws {
        let out = PayloadValidation.json([try report(banner)])
        let first = try #require(try JSONParser.parse(out).arrayValue?.first)
        #expect(first["line"] == .number(4) && first["column"] == .number(3))
    }

    /// https://docs.github.com/en/actions/reference/workflow-commands-for-github-actions ("Setting an error message"):
    /// `::error file={name},line={line},col={col},title={title}::{message}`.
    @Test func githubWorkflowCommandsPerFinding() throws {
        let r = try report(banner, name: "a,b.json")
        let out = PayloadValidation.github([r])
        let escapedFile = r.file.replacingOccurrences(of: ",", with: "%2C").replacingOccurrences(of: ":", with: "%3A")
        #expect(out.hasPrefix("::warning file=\(escapedFile),line=4,col=3,title=pushsim banner/link::link: \"shop.example/sale\" has no scheme"))
        #expect(out.hasSuffix("1 file checked: 0 errors, 1 warning\n"))
    }

    @Test func githubEscapesWhatEndsAPropertyOrACommand() {
        #expect(PayloadValidation.githubData("50% off\nnow\r") == "50%25 off%0Anow%0D")
        #expect(PayloadValidation.githubProperty("a:b,c%") == "a%3Ab%2Cc%25")
    }

    @Test func ruleIDsLeaveOutIndicesSoTheyStayTheSameAcrossFilesAndRuns() {
        let f = PayloadValidation.Finding(severity: .warning, file: "x", path: "pw_stories.pages[12].image", message: "m", kind: .stories)
        #expect(PayloadValidation.ruleID(f) == "stories/pw_stories.pages[].image")
        var g = f; g.path = "a[\"k[1]\"][3]"
        #expect(PayloadValidation.ruleID(g) == "stories/a[\"k[1]\"][]")
        var whole = f; whole.path = ""
        #expect(PayloadValidation.ruleID(whole) == "stories/(document)")
        let none = PayloadValidation.Finding(severity: .error, file: "x", path: "", message: "not valid JSON")
        #expect(PayloadValidation.ruleID(none, unreadable: true) == "file/unreadable")
        #expect(PayloadValidation.ruleID(none) == "file/unrecognised")
    }

    /// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html): a result's ruleIndex points at
    /// its rule in tool.driver.rules, its region at the finding's line and column.
    @Test func sarifResultsPointAtTheirRuleAndPlace() throws {
        let bad = try report("{\"title\": \"Hi\"}", name: "bad.json")
        let log = try JSONParser.parse(PayloadValidation.sarif([try report(banner), bad]))
        #expect(log["version"] == .string("2.1.0"))
        let run = try #require(log["runs"]?.arrayValue?.first)
        let rules = try #require(run["tool"]?["driver"]?["rules"]?.arrayValue)
        let results = try #require(run["results"]?.arrayValue)
        #expect(results.count == 2)
        for result in results {
            let index = Int(try #require(result["ruleIndex"]?.numberValue))
            #expect(rules[index]["id"] == result["ruleId"])
        }
        let region = try #require(results[0]["locations"]?.arrayValue?.first?["physicalLocation"]?["region"])
        #expect(region["startLine"] == .number(4) && region["startColumn"] == .number(3))
        #expect(results[1]["level"] == .string("error"))
    }

    @Test func strictFailsOnWarnings() throws {
        let r = try report(banner)
        #expect(PayloadValidation.exitStatus([r], strict: false) == 0)
        #expect(PayloadValidation.exitStatus([r], strict: true) == 1)
    }

    @Test func aFolderGivesItsJSONAndZIPFilesAndWithRecursiveItsTree() throws {
        let first = try validationTemp(banner, name: "b.json")
        let dir = (first as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: dir + "/sub/.hidden", withIntermediateDirectories: true)
        for name in ["a.JSON", "notes.txt", ".x.json", "sub/c.zip", "sub/.hidden/d.json"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("{}".utf8))
        }
        let top = ValidationInput.expand([dir], recursive: false).map(\.path)
        #expect(top == [dir + "/a.JSON", dir + "/b.json"])
        let all = ValidationInput.expand([dir, "-"], recursive: true)
        #expect(all.map(\.path) == [dir + "/a.JSON", dir + "/b.json", dir + "/sub/c.zip", "-"])
        #expect(all.map(\.found) == [true, true, true, false])
    }

    @Test func skippedFilesAreOneCountedLine() {
        #expect(PayloadValidation.skippedLine([]) == "")
        #expect(PayloadValidation.skippedLine(["a", "b", "c", "d", "e", "f", "g"])
            == "7 files skipped (not a payload): a, b, c, d, e and 2 more\n")
    }
}
