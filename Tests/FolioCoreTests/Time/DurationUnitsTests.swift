import FolioCore
import Testing

@Suite struct DurationUnitsTests {
    @Test func millisecondsAreWholeAndTowardZero() {
        #expect(Duration.seconds(5).wholeMilliseconds == 5000)
        #expect(Duration.microseconds(1999).wholeMilliseconds == 1)
        #expect(Duration.milliseconds(-1500).wholeMilliseconds == -1500)
        #expect(Duration.zero.wholeMilliseconds == 0)
    }

    @Test func aTimeIntervalKeepsTheFraction() {
        #expect(Duration.milliseconds(250).timeInterval == 0.25)
        #expect(Duration.seconds(30 * 86_400).timeInterval == 2_592_000)
    }
}
