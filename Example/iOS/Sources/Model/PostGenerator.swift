#if canImport(UIKit)
/// Makes posts and section headers deterministically: a post is a pure function of its
/// id (and an edit of its revision), so posts made later in a session are as reproducible
/// as the first feed.
enum PostGenerator {
    /// The seed every generator of the demo is derived from.
    static let seed: UInt64 = 0xFEED_0000_5EED

    /// The post with `id`, always the same for the same id.
    static func post(id: Int) -> FeedPost {
        // Multiplying by an odd constant spreads neighbouring ids far apart in seed space.
        var generator = SeededGenerator(seed: seed ^ (UInt64(id) &* 0xD1B5_4A32_D192_ED03))
        let first = generator.element(of: firstNames)
        let last = generator.element(of: lastNames)
        let body = sentences(generator.int(in: 1...8), using: &generator)
        let aspectRatio = generator.oneIn(3) ? generator.element(of: imageAspectRatios) : nil
        return FeedPost(
            id: id, author: "\(first) \(last)", handle: (first.prefix(3) + last.prefix(1)).lowercased(),
            body: body, imageAspectRatio: aspectRatio,
            likes: generator.int(in: 0...2_400), comments: generator.int(in: 0...180), revision: 0)
    }

    /// `post` after its author edited it: one more sentence, so usually another line.
    static func edited(_ post: FeedPost) -> FeedPost {
        var generator = SeededGenerator(seed: seed ^ UInt64(post.id) ^ (UInt64(post.revision + 1) << 40))
        var edited = post
        edited.body += " Edit: " + sentence(using: &generator)
        edited.revision += 1
        return edited
    }

    /// The header of the section `daysAgo` days back, holding `posts`.
    static func section(daysAgo: Int, posts: [FeedPost]) -> FeedSection {
        var generator = SeededGenerator(seed: seed ^ (UInt64(daysAgo + 1) << 32))
        return FeedSection(
            id: daysAgo, title: dayTitle(daysAgo),
            summary: sentences(generator.int(in: 1...3), using: &generator), posts: posts)
    }

    private static func dayTitle(_ daysAgo: Int) -> String {
        switch daysAgo {
        case 0: return "Today"
        case 1: return "Yesterday"
        default: return "\(daysAgo) days ago"
        }
    }

    private static func sentences(_ count: Int, using generator: inout SeededGenerator) -> String {
        (0..<count).map { _ in sentence(using: &generator) }.joined(separator: " ")
    }

    private static func sentence(using generator: inout SeededGenerator) -> String {
        let text = (0..<generator.int(in: 4...14)).map { _ in generator.element(of: words) }.joined(separator: " ")
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
        "accessibility", "performance", "internationalization", "typography", "paragraph",
    ]
}
#endif
