import Foundation
import ReferenceTableModel

/// A picture in an entry, shown across the content width at a fixed aspect ratio, so its
/// height follows the width like an image view with an aspect-ratio constraint.
struct ImageBlock: Hashable, Sendable {
    /// Width over height.
    let aspectRatio: Double
}

/// One post of the feed: what a cell shows.
struct FeedEntry: Hashable, Sendable {
    /// Stable identity; the keyed cache's key.
    let id: Int
    /// The name on the author line.
    let author: String
    /// The handle after the name on the author line.
    let handle: String
    /// The post's text: one to eight sentences.
    var body: String
    /// An optional picture below the text.
    let image: ImageBlock?
    /// Counts shown in the footer.
    let likes: Int
    let comments: Int
    /// How many times the post was edited; an edit changes the body and so the height.
    var revision: Int

    /// The author line, e.g. `Ada Lovelace @adal`.
    var authorLine: String { "\(author) @\(handle)" }

    /// The footer line, e.g. `1204 likes, 37 comments`.
    var footerLine: String {
        "\(likes) likes, \(comments) comments" + (revision > 0 ? ", edited" : "")
    }
}

/// One section of the feed: the posts of one day, newest first.
struct FeedSection: Hashable, Sendable {
    /// E.g. `Today`, `Yesterday`, `5 days ago`.
    let title: String
    var entries: [FeedEntry]
}

/// The whole generated feed.
struct Feed: Sendable {
    let sections: [FeedSection]

    /// How many entries all sections hold.
    var entryCount: Int { sections.reduce(0) { $0 + $1.entries.count } }

    /// The largest entry id in the feed; new entries take ids above it.
    var largestID: Int { sections.lazy.flatMap(\.entries).map(\.id).max() ?? 0 }
}

/// Makes feeds and entries deterministically: an entry is a pure function of its id, so
/// entries made later in the session (pull-to-refresh, edits) are as reproducible as the
/// first feed.
enum FeedGenerator {
    /// The seed every entry's generator is derived from.
    static let seed: UInt64 = 0xFEED_0000_5EED

    /// A feed of `entryCount` entries in sections of one day each, 60 to 140 a day, ids
    /// counting down from the newest.
    static func feed(entryCount: Int) -> Feed {
        var dayGenerator = SeededRandom(seed: seed)
        var sections: [FeedSection] = []
        var nextID = entryCount
        while nextID > 0 {
            let dayCount = min(dayGenerator.int(in: 60...140), nextID)
            let entries = (0..<dayCount).map { entry(id: nextID - $0) }
            sections.append(FeedSection(title: dayTitle(sections.count), entries: entries))
            nextID -= dayCount
        }
        return Feed(sections: sections)
    }

    /// The entry with `id`, always the same for the same id.
    static func entry(id: Int) -> FeedEntry {
        // Multiplying by an odd constant spreads neighbouring ids far apart in seed space.
        var generator = SeededRandom(seed: seed ^ (UInt64(id) &* 0xD1B5_4A32_D192_ED03))
        let first = generator.element(of: firstNames) ?? ""
        let last = generator.element(of: lastNames) ?? ""
        let sentenceCount = generator.int(in: 1...8)
        let body = (0..<sentenceCount).map { _ in sentence(using: &generator) }.joined(separator: " ")
        let image = generator.chance(1.0 / 3) ? ImageBlock(aspectRatio: generator.element(of: imageAspectRatios) ?? 1) : nil
        return FeedEntry(
            id: id, author: "\(first) \(last)", handle: (first.prefix(3) + last.prefix(1)).lowercased(),
            body: body, image: image, likes: generator.int(in: 0...2_400), comments: generator.int(in: 0...180),
            revision: 0)
    }

    /// The sample content the app configures its template cell with to measure skeleton
    /// rows (the placeholder configuration): a typical name, three sentences, no picture.
    static let placeholder = FeedEntry(
        id: 0, author: "Placeholder Name", handle: "placeholder",
        body: "A post about the morning build and the layout of every cell. It has a second sentence of ordinary length. And a third one to end it.",
        image: nil, likes: 1_000, comments: 100, revision: 0)

    /// `entry` after its author edited it: one more sentence, so usually another line.
    static func edited(_ entry: FeedEntry) -> FeedEntry {
        var generator = SeededRandom(seed: seed ^ UInt64(entry.id) ^ (UInt64(entry.revision + 1) << 40))
        var edited = entry
        edited.body += " Edit: " + sentence(using: &generator)
        edited.revision += 1
        return edited
    }

    private static func dayTitle(_ daysAgo: Int) -> String {
        switch daysAgo {
        case 0: return "Today"
        case 1: return "Yesterday"
        default: return "\(daysAgo) days ago"
        }
    }

    private static func sentence(using generator: inout SeededRandom) -> String {
        let text = (0..<generator.int(in: 4...14)).map { _ in generator.element(of: words) ?? "" }.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    private static let imageAspectRatios: [Double] = [1, 4.0 / 3, 3.0 / 2, 16.0 / 9]

    private static let firstNames = [
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Niklaus", "Margaret",
        "Dennis", "Radia", "Ken", "Sophie", "Tim", "Hedy", "Linus", "Katherine", "Bjarne",
    ]

    private static let lastNames = [
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Wirth", "Hamilton",
        "Ritchie", "Perlman", "Thompson", "Wilson", "Berners-Lee", "Lamarr", "Torvalds", "Johnson",
    ]

    private static let words = [
        "the", "a", "we", "it", "is", "on", "of", "to", "in", "and", "for", "with", "at", "by",
        "cell", "table", "height", "cache", "layout", "scroll", "width", "text", "view", "row",
        "section", "feed", "image", "footer", "label", "constraint", "template", "measure",
        "update", "batch", "insert", "delete", "move", "reload", "screen", "rotation", "device",
        "morning", "coffee", "release", "build", "swift", "package", "engine", "deterministic",
        "quickly", "slowly", "again", "never", "always", "every", "today", "tomorrow", "finally",
        "beautiful", "surprising", "important", "temporary", "complicated", "simple", "careful",
        "shipped", "fixed", "broke", "found", "wrote", "measured", "cached", "forgot", "remembered",
        "bug", "test", "review", "merge", "branch", "commit", "issue", "thread", "question",
        "answer", "friend", "team", "meeting", "weekend", "train", "bicycle", "mountain", "river",
        "accessibility", "performance", "internationalization", "typography", "paragraph",
        "sentence", "word", "character", "pixel", "point", "scale", "size", "category", "dynamic",
    ]
}
