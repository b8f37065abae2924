#if canImport(UIKit)
import Foundation

/// The feed the demo shows, and every change its buttons make.
///
/// Each change edits the sections and returns the ``FeedUpdate`` the table needs, so the
/// view controller applies the model change and the table change in the same
/// `performBatchUpdates` block. The rows a change picks come from a seeded generator: the
/// same taps give the same feed on every launch.
struct FeedModel: Sendable {
    /// The sections, in display order. Their number never changes.
    private(set) var sections: [FeedSection]
    /// The largest post id handed out; new posts take the next one.
    private var newestPostID: Int
    /// Picks the rows each change touches.
    private var chooser: SeededGenerator

    /// A feed of `sectionCount` days with 6 to 12 posts each, ids counting down from the
    /// newest post at the top.
    init(sectionCount: Int = 5) {
        var generator = SeededGenerator(seed: PostGenerator.seed)
        let counts = (0..<max(1, sectionCount)).map { _ in generator.int(in: 6...12) }
        var nextID = counts.reduce(0, +)
        newestPostID = nextID
        sections = counts.enumerated().map { daysAgo, count in
            let posts = (0..<count).map { offset in PostGenerator.post(id: nextID - offset) }
            nextID -= count
            return PostGenerator.section(daysAgo: daysAgo, posts: posts)
        }
        chooser = generator
    }

    /// The post shown at `indexPath`.
    func post(at indexPath: IndexPath) -> FeedPost {
        sections[indexPath.section].posts[indexPath.row]
    }

    // MARK: Changes

    /// Adds a new post at the top of the first section.
    mutating func insertPostAtTop() -> FeedUpdate {
        let before = sections
        let inserted = insertNewPost(inSection: 0, at: 0)
        return FeedUpdate(from: before, to: sections, inserted: [inserted])
    }

    /// Deletes one post from each of up to `sectionLimit` non-empty sections.
    mutating func deletePostsAcrossSections(sectionLimit: Int = 3) -> FeedUpdate {
        let before = sections
        let deleted = deleteRandomPosts(sectionLimit: sectionLimit)
        return FeedUpdate(from: before, to: sections, deleted: deleted)
    }

    /// Moves one post into another section, at a random row there.
    mutating func movePostToAnotherSection() -> FeedUpdate {
        let before = sections
        guard let moved = moveRandomPostToAnotherSection() else { return .none }
        return FeedUpdate(from: before, to: sections, moved: [moved])
    }

    /// One batch mixing every kind of row update: a deletion, a move across sections, an
    /// insertion at a random place, and an edit (a reload) of a post that stays in place.
    mutating func mixedBatch() -> FeedUpdate {
        let before = sections
        let deleted = deleteRandomPosts(sectionLimit: 1)
        let moved = moveRandomPostToAnotherSection().map { Set([$0]) } ?? []
        let section = chooser.index(below: sections.count)
        let inserted = insertNewPost(inSection: section, at: chooser.int(in: 0...sections[section].posts.count))
        let edited = editRandomPostStayingInPlace(comparedTo: before, excluding: moved.union([inserted]))
        return FeedUpdate(
            from: before, to: sections, inserted: [inserted], deleted: deleted, moved: moved,
            edited: edited.map { Set([$0]) } ?? [])
    }

    /// Edits the post at `indexPath`: its body grows by a sentence.
    mutating func editPost(at indexPath: IndexPath) -> FeedUpdate {
        let before = sections
        let post = sections[indexPath.section].posts[indexPath.row]
        sections[indexPath.section].posts[indexPath.row] = PostGenerator.edited(post)
        return FeedUpdate(from: before, to: sections, edited: [post.id])
    }

    /// Moves the post at `source` to `destination`, as the user dragged it in editing mode.
    /// UIKit has moved the row on screen already, so there is no update for the table.
    mutating func movePost(from source: IndexPath, to destination: IndexPath) {
        let post = sections[source.section].posts.remove(at: source.row)
        sections[destination.section].posts.insert(post, at: destination.row)
    }

    // MARK: Steps shared by the changes

    private mutating func insertNewPost(inSection section: Int, at row: Int) -> FeedPost.ID {
        newestPostID += 1
        sections[section].posts.insert(PostGenerator.post(id: newestPostID), at: row)
        return newestPostID
    }

    private mutating func deleteRandomPosts(sectionLimit: Int) -> Set<FeedPost.ID> {
        var candidates = sections.indices.filter { !sections[$0].posts.isEmpty }
        var deleted: Set<FeedPost.ID> = []
        while deleted.count < sectionLimit, !candidates.isEmpty {
            let section = candidates.remove(at: chooser.index(below: candidates.count))
            let row = chooser.index(below: sections[section].posts.count)
            deleted.insert(sections[section].posts.remove(at: row).id)
        }
        return deleted
    }

    private mutating func moveRandomPostToAnotherSection() -> FeedPost.ID? {
        let sources = sections.indices.filter { !sections[$0].posts.isEmpty }
        guard sections.count > 1, !sources.isEmpty else { return nil }
        let source = chooser.element(of: sources)
        let post = sections[source].posts.remove(at: chooser.index(below: sections[source].posts.count))
        var destination = chooser.index(below: sections.count - 1)
        if destination >= source { destination += 1 }
        sections[destination].posts.insert(post, at: chooser.int(in: 0...sections[destination].posts.count))
        return post.id
    }

    /// Edits a post whose index path is the same in `before` and now, as a reload needs.
    private mutating func editRandomPostStayingInPlace(
        comparedTo before: [FeedSection], excluding excluded: Set<FeedPost.ID>
    ) -> FeedPost.ID? {
        let oldPaths = FeedUpdate.indexPathsByPostID(in: before)
        var candidates: [IndexPath] = []
        for (section, feedSection) in sections.enumerated() {
            for (row, post) in feedSection.posts.enumerated() where !excluded.contains(post.id) {
                let path = IndexPath(row: row, section: section)
                if oldPaths[post.id] == path { candidates.append(path) }
            }
        }
        guard !candidates.isEmpty else { return nil }
        let path = chooser.element(of: candidates)
        let post = sections[path.section].posts[path.row]
        sections[path.section].posts[path.row] = PostGenerator.edited(post)
        return post.id
    }
}
#endif
