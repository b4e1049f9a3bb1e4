// The fuzzer's entry point: SwiftPM names every executable's main itself, so libFuzzer's own main cannot be used;
// this hands the command line to libFuzzer's driver instead.

import Foundation

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer). Its arguments are pointers and its result an int,
/// which the Swift and C conventions pass alike.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<CInt>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
