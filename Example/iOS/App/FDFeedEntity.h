#import <Foundation/Foundation.h>

NS_ASSUME_NONNULL_BEGIN

/// One post of the Objective-C feed, as FDTemplateLayoutCell's demo modelled it: an
/// identifier (the keyed cache's key), a title, a body, an author and a time, and whether
/// it has a picture. Posts are made deterministically from their index.
@interface FDFeedEntity : NSObject

@property (nonatomic, copy, readonly) NSString *identifier;
@property (nonatomic, copy, readonly) NSString *title;
@property (nonatomic, copy, readonly) NSString *content;
@property (nonatomic, copy, readonly) NSString *username;
@property (nonatomic, copy, readonly) NSString *time;
@property (nonatomic, readonly) BOOL hasPicture;

/// The post made from `index`; the same index always gives the same post.
- (instancetype)initWithIndex:(NSUInteger)index;
- (instancetype)init NS_UNAVAILABLE;

/// This post after an edit: same identifier, a longer body.
- (FDFeedEntity *)entityByAppendingEdit;

@end

NS_ASSUME_NONNULL_END
