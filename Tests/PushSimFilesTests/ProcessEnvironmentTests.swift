// The environment read from `environ` without Foundation's lock is the environment Foundation gives.

import Foundation
import Testing
@testable import PushSimFiles

@Suite struct ProcessEnvironmentTests {
    @Test func itIsTheEnvironmentFoundationGives() {
        #expect(ProcessEnvironment.read() == ProcessInfo.processInfo.environment)
    }

    // A value may hold '=' and may be empty; the name is everything before the first '='.
    @Test func valuesKeepTheirEqualsSignsAndEmptiness() {
        setenv("PUSHSIM_ENV_TEST_EQ", "a=b=c", 1)
        setenv("PUSHSIM_ENV_TEST_EMPTY", "", 1)
        defer { unsetenv("PUSHSIM_ENV_TEST_EQ"); unsetenv("PUSHSIM_ENV_TEST_EMPTY") }
        let environment = ProcessEnvironment.read()
        #expect(environment["PUSHSIM_ENV_TEST_EQ"] == "a=b=c")
        #expect(environment["PUSHSIM_ENV_TEST_EMPTY"] == "")
    }
}
