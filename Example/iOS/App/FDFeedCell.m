#import "FDFeedCell.h"
#import "FDFeedEntity.h"

@interface FDFeedCell ()
@property (nonatomic, strong) UILabel *titleLabel;
@property (nonatomic, strong) UILabel *contentLabel;
@property (nonatomic, strong) UIView *pictureView;
@property (nonatomic, strong) UILabel *footerLabel;
@property (nonatomic, strong) NSLayoutConstraint *pictureAspectConstraint;
@end

@implementation FDFeedCell

- (instancetype)initWithStyle:(UITableViewCellStyle)style reuseIdentifier:(nullable NSString *)reuseIdentifier {
    self = [super initWithStyle:style reuseIdentifier:reuseIdentifier];
    if (self) {
        _titleLabel = [FDFeedCell labelWithTextStyle:UIFontTextStyleHeadline color:UIColor.labelColor];
        _contentLabel = [FDFeedCell labelWithTextStyle:UIFontTextStyleBody color:UIColor.labelColor];
        _footerLabel = [FDFeedCell labelWithTextStyle:UIFontTextStyleFootnote color:UIColor.secondaryLabelColor];

        _pictureView = [[UIView alloc] init];
        _pictureView.backgroundColor = UIColor.secondarySystemFillColor;
        _pictureView.layer.cornerRadius = 8;
        // Height = width * 9/16. Deactivated while the picture is hidden, which a stack
        // view does by squeezing it to zero height.
        _pictureAspectConstraint = [_pictureView.heightAnchor constraintEqualToAnchor:_pictureView.widthAnchor
                                                                         multiplier:9.0 / 16.0];

        UIStackView *stack = [[UIStackView alloc] initWithArrangedSubviews:@[
            _titleLabel, _contentLabel, _pictureView, _footerLabel
        ]];
        stack.axis = UILayoutConstraintAxisVertical;
        stack.spacing = 6;
        stack.translatesAutoresizingMaskIntoConstraints = NO;
        [self.contentView addSubview:stack];

        UILayoutGuide *margins = self.contentView.layoutMarginsGuide;
        NSLayoutConstraint *bottom = [stack.bottomAnchor constraintEqualToAnchor:margins.bottomAnchor];
        bottom.priority = UILayoutPriorityRequired - 1;
        [NSLayoutConstraint activateConstraints:@[
            [stack.topAnchor constraintEqualToAnchor:margins.topAnchor],
            [stack.leadingAnchor constraintEqualToAnchor:margins.leadingAnchor],
            [stack.trailingAnchor constraintEqualToAnchor:margins.trailingAnchor],
            bottom,
        ]];
    }
    return self;
}

+ (UILabel *)labelWithTextStyle:(UIFontTextStyle)textStyle color:(UIColor *)color {
    UILabel *label = [[UILabel alloc] init];
    label.font = [UIFont preferredFontForTextStyle:textStyle];
    label.adjustsFontForContentSizeCategory = YES;
    label.textColor = color;
    label.numberOfLines = 0;
    return label;
}

- (void)setEntity:(nullable FDFeedEntity *)entity {
    _entity = entity;
    self.titleLabel.text = entity.title;
    self.contentLabel.text = entity.content;
    self.footerLabel.text = entity ? [NSString stringWithFormat:@"%@ · %@", entity.username, entity.time] : nil;
    BOOL showsPicture = entity.hasPicture;
    self.pictureView.hidden = !showsPicture;
    self.pictureAspectConstraint.active = showsPicture;
}

- (void)prepareForReuse {
    [super prepareForReuse];
    self.entity = nil;
}

@end
