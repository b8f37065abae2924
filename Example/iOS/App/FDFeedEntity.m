#import "FDFeedEntity.h"

@interface FDFeedEntity ()
- (instancetype)initWithIdentifier:(NSString *)identifier
                             title:(NSString *)title
                           content:(NSString *)content
                          username:(NSString *)username
                              time:(NSString *)time
                        hasPicture:(BOOL)hasPicture NS_DESIGNATED_INITIALIZER;
@end

@implementation FDFeedEntity

static NSArray<NSString *> *FDFeedSentences(void) {
    return @[
        @"Template cells are measured off screen, once per row.",
        @"The height cache remembers every row it has measured, so scrolling back costs nothing.",
        @"Cached heights follow rows when they are inserted, deleted or moved.",
        @"Rotate the device and the other orientation's heights are kept for when you rotate back.",
        @"Objective-C callers pass blocks typed with their own cell class.",
        @"A keyed cache survives any reordering; invalidate a key when its content changes.",
        @"Dynamic Type changes the text size, and with it every height.",
        @"This sentence is here to make some posts a good deal longer than others, so rows differ in height.",
    ];
}

- (instancetype)initWithIndex:(NSUInteger)index {
    NSArray<NSString *> *sentences = FDFeedSentences();
    NSMutableArray<NSString *> *body = [NSMutableArray array];
    NSUInteger sentenceCount = 1 + (index * 7) % 5;
    for (NSUInteger offset = 0; offset < sentenceCount; offset++) {
        [body addObject:sentences[(index + offset * 3) % sentences.count]];
    }
    NSArray<NSString *> *names = @[ @"forkingdog", @"sunnyxx", @"ada", @"grace", @"linus" ];
    return [self initWithIdentifier:[NSString stringWithFormat:@"entity-%lu", (unsigned long)index]
                              title:[NSString stringWithFormat:@"Post %lu", (unsigned long)index + 1]
                            content:[body componentsJoinedByString:@" "]
                           username:names[index % names.count]
                               time:[NSString stringWithFormat:@"%lu min ago", (unsigned long)(index * 13) % 60 + 1]
                         hasPicture:(index % 3 == 1)];
}

- (instancetype)initWithIdentifier:(NSString *)identifier
                             title:(NSString *)title
                           content:(NSString *)content
                          username:(NSString *)username
                              time:(NSString *)time
                        hasPicture:(BOOL)hasPicture {
    self = [super init];
    if (self) {
        _identifier = [identifier copy];
        _title = [title copy];
        _content = [content copy];
        _username = [username copy];
        _time = [time copy];
        _hasPicture = hasPicture;
    }
    return self;
}

- (FDFeedEntity *)entityByAppendingEdit {
    NSString *content = [self.content stringByAppendingString:@" Edit: one more sentence, so the row grows."];
    return [[FDFeedEntity alloc] initWithIdentifier:self.identifier
                                              title:self.title
                                            content:content
                                           username:self.username
                                               time:@"just now"
                                         hasPicture:self.hasPicture];
}

@end
