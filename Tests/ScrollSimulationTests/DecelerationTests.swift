import Foundation
import Testing
@testable import ScrollSimulation
import TemplateLayoutEngine

@Suite struct DecelerationTests {
    @Test func velocityDecaysByTheRateEachMillisecond() {
        let deceleration = Deceleration(velocity: 5_000)
        #expect(deceleration.velocity(atMilliseconds: 0) == 5_000)
        #expect(abs(deceleration.velocity(atMilliseconds: 1) - 5_000 * 0.998) < 1e-9)
        #expect(abs(deceleration.velocity(atMilliseconds: 100) - 5_000 * pow(0.998, 100)) < 1e-9)
    }

    @Test func distanceIsTheIntegralOfVelocity() {
        // Summing the velocity over 0.01 ms steps approximates the closed form.
        let deceleration = Deceleration(velocity: 8_000)
        var sum = 0.0
        for step in 0..<50_000 {
            sum += deceleration.velocity(atMilliseconds: Double(step) * 0.01 + 0.005) / 1000 * 0.01
        }
        #expect(abs(sum - deceleration.distance(atMilliseconds: 500)) < 0.01)
    }

    @Test func aFlickComesToRestWhereUIKitsProjectionSays() {
        for velocity in [2_000.0, 5_000, 8_000, -3_000] {
            let deceleration = Deceleration(velocity: velocity)
            let travelled = deceleration.distance(atMilliseconds: deceleration.durationMilliseconds)
            let projected = Double(ScrollProjection.restingOffset(from: 0, velocity: CGFloat(velocity)))
            // The projection sums per-millisecond steps (rate / (1 - rate)); the closed form
            // integrates (-1 / ln rate): 0.1 % apart, plus the stop below 10 pt/s.
            #expect(abs(travelled - projected) < abs(projected) * 0.002 + 6, "velocity \(velocity)")
        }
    }

    @Test func aFlickStopsWhenItsSpeedFallsBelowTenPointsPerSecond() {
        let deceleration = Deceleration(velocity: 2_000)
        let duration = deceleration.durationMilliseconds
        #expect(abs(deceleration.velocity(atMilliseconds: duration) - Deceleration.stoppingSpeed) < 1e-6)
        #expect(Deceleration(velocity: 5).durationMilliseconds == 0)
    }

    @Test func badInputIsAStillScrollView() {
        #expect(Deceleration(velocity: .nan).distance(atMilliseconds: 100) == 0)
        #expect(Deceleration(velocity: 1_000, rate: 1.5).rate == 0.998)
    }
}
