import Foundation
import Testing
@testable import TemplateLayoutEngine

/// Review 19j, L1: a flow layout's section edge measured from a reference is clamped as a
/// sum, as UIKit clamps it.
@Suite struct SectionInsetReferenceTests {
    @Test func theSumIsClampedNotTheReferenceAlone() {
        // Margins 8, content inset 24, section inset 16: UIKit's 0, not 16 + max(8 - 24, 0).
        #expect(SectionInsetReference.edgeInset(16, reference: 8, contentInset: 24) == 0)
        // A notch of 44 beyond a content inset of 0 adds to the section's 16.
        #expect(SectionInsetReference.edgeInset(16, reference: 44, contentInset: 0) == 60)
        #expect(SectionInsetReference.edgeInset(16, reference: 44, contentInset: 44) == 16)
    }

    @Test(arguments: [CGFloat.nan, .infinity, -.infinity])
    func aLengthThatIsNotFiniteGivesNoInset(bad: CGFloat) {
        #expect(SectionInsetReference.edgeInset(bad, reference: 8, contentInset: 0) == 0)
    }
}
