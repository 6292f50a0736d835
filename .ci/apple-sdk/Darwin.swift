// A stand-in for Apple's Darwin (the C library), for `.ci/apple-typecheck`. It re-exports Linux's Glibc, so
// `import Darwin` brings the POSIX calls our Darwin branches share with Linux (`open`, `pread`, `fcntl`,
// `fsync`, `errno`, ...) with GLIBC's types and signatures, not Darwin's: a libc type difference (`off_t`,
// `mode_t`, `size_t` spellings, macros Swift imports differently) is NOT caught, nor a Glibc-only call used
// in a Darwin branch. Below are the Darwin-only symbols our Darwin branches use, with the signature Swift
// imports from the Darwin headers and the page they are documented on. Nothing here runs.
@_exported import Glibc

// fcntl(2), https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man2/fcntl.2.html
// <sys/fcntl.h>: `#define F_FULLFSYNC 51`, `#define F_BARRIERFSYNC 85`; Swift imports them as `Int32`.
public var F_FULLFSYNC: Int32 { 51 }
public var F_BARRIERFSYNC: Int32 { 85 }

// sysctlbyname(3), https://developer.apple.com/documentation/kernel/1387446-sysctlbyname
// `int sysctlbyname(const char *, void *, size_t *, void *, size_t)`
public func sysctlbyname(
  _ name: UnsafePointer<CChar>!, _ oldp: UnsafeMutableRawPointer!, _ oldlenp: UnsafeMutablePointer<Int>!,
  _ newp: UnsafeMutableRawPointer!, _ newlen: Int
) -> Int32 { fatalError() }

// arc4random(3), https://developer.apple.com/library/archive/documentation/System/Conceptual/ManPages_iPhoneOS/man3/arc4random.3.html
// `void arc4random_buf(void *buf, size_t nbytes)`. (Glibc 2.36 and later has it too; this one, in the module
// that imports Glibc, shadows it, so the check does not depend on the Linux machine's Glibc.)
public func arc4random_buf(_ __buf: UnsafeMutableRawPointer!, _ __nbytes: Int) { fatalError() }
