import FolioHTTP
import Testing

@Suite struct ByteRangeTests {
    @Test func resolvesOneRangeAgainstTheSize() {
        #expect(ByteRange.parse(nil, size: 10) == .whole)
        #expect(ByteRange.parse("bytes=2-4", size: 10) == .partial(ByteRange(offset: 2, length: 3)))
        #expect(ByteRange.parse("bytes=7-", size: 10) == .partial(ByteRange(offset: 7, length: 3)))
        #expect(ByteRange.parse("bytes=5-100", size: 10) == .partial(ByteRange(offset: 5, length: 5)))
        #expect(ByteRange.parse("bytes=-4", size: 10) == .partial(ByteRange(offset: 6, length: 4)))
        #expect(ByteRange.parse("bytes=-40", size: 10) == .partial(ByteRange(offset: 0, length: 10)))
    }

    @Test func refusesARangeBeyondTheEndAndIgnoresWhatItDoesNotSplit() {
        #expect(ByteRange.parse("bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-0", size: 10) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=-1", size: 0) == .unsatisfiable)
        #expect(ByteRange.parse("bytes=0-1,4-5", size: 10) == .whole)
        #expect(ByteRange.parse("bytes=5-2", size: 10) == .whole)
        #expect(ByteRange.parse("items=0-1", size: 10) == .whole)
    }
}
