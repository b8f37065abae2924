#import <UIKit/UIKit.h>

@class FDFeedEntity;

NS_ASSUME_NONNULL_BEGIN

/// The Objective-C feed's cell, laid out with Auto Layout in code: title, body, an
/// optional 16:9 picture placeholder, and a footer with the author and time. Fonts are
/// Dynamic Type styles.
@interface FDFeedCell : UITableViewCell

/// The post shown; setting it fills every label.
@property (nonatomic, strong, nullable) FDFeedEntity *entity;

@end

NS_ASSUME_NONNULL_END
