#import "FDObjectiveCFeedViewController.h"
#import "FDFeedCell.h"
#import "FDFeedEntity.h"

@import FDTemplateLayoutCell;

/// The three ways of asking for a height, as FD's demo named them.
typedef NS_ENUM(NSInteger, FDSimulatedCacheMode) {
    FDSimulatedCacheModeNone = 0,
    FDSimulatedCacheModeCacheByIndexPath,
    FDSimulatedCacheModeCacheByKey,
};

static NSString *const FDFeedCellIdentifier = @"FDFeedCell";

@interface FDObjectiveCFeedViewController ()
@property (nonatomic, strong) NSMutableArray<NSMutableArray<FDFeedEntity *> *> *feedEntitySections;
@property (nonatomic, strong) UISegmentedControl *cacheModeSegmentControl;
@property (nonatomic, assign) NSUInteger nextEntityIndex;
@end

@implementation FDObjectiveCFeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = @"Objective-C";

    [self.tableView registerClass:[FDFeedCell class] forCellReuseIdentifier:FDFeedCellIdentifier];
    self.tableView.estimatedRowHeight = 200;
    self.tableView.fd_debugLogEnabled = YES;

    self.cacheModeSegmentControl = [[UISegmentedControl alloc] initWithItems:@[ @"No cache", @"IndexPath", @"Key" ]];
    self.cacheModeSegmentControl.selectedSegmentIndex = FDSimulatedCacheModeCacheByIndexPath;
    [self.cacheModeSegmentControl addTarget:self
                                     action:@selector(cacheModeChanged:)
                           forControlEvents:UIControlEventValueChanged];
    self.navigationItem.titleView = self.cacheModeSegmentControl;
    self.navigationItem.rightBarButtonItem =
        [[UIBarButtonItem alloc] initWithTitle:@"Actions"
                                         style:UIBarButtonItemStylePlain
                                        target:self
                                        action:@selector(showActions:)];

    self.feedEntitySections = [NSMutableArray array];
    [self.feedEntitySections addObject:[self makeEntities:14]];
    [self.feedEntitySections addObject:[self makeEntities:8]];
}

- (NSMutableArray<FDFeedEntity *> *)makeEntities:(NSUInteger)count {
    NSMutableArray<FDFeedEntity *> *entities = [NSMutableArray arrayWithCapacity:count];
    for (NSUInteger i = 0; i < count; i++) {
        [entities addObject:[[FDFeedEntity alloc] initWithIndex:self.nextEntityIndex++]];
    }
    return entities;
}

#pragma mark - UITableViewDataSource

- (NSInteger)numberOfSectionsInTableView:(UITableView *)tableView {
    return (NSInteger)self.feedEntitySections.count;
}

- (NSInteger)tableView:(UITableView *)tableView numberOfRowsInSection:(NSInteger)section {
    return (NSInteger)self.feedEntitySections[(NSUInteger)section].count;
}

- (nullable NSString *)tableView:(UITableView *)tableView titleForHeaderInSection:(NSInteger)section {
    return [NSString stringWithFormat:@"Section %ld", (long)section];
}

- (UITableViewCell *)tableView:(UITableView *)tableView cellForRowAtIndexPath:(NSIndexPath *)indexPath {
    FDFeedCell *cell = [tableView dequeueReusableCellWithIdentifier:FDFeedCellIdentifier forIndexPath:indexPath];
    [self configureCell:cell atIndexPath:indexPath];
    return cell;
}

- (void)configureCell:(FDFeedCell *)cell atIndexPath:(NSIndexPath *)indexPath {
    cell.fd_enforceFrameLayout = NO; // YES would measure with -sizeThatFits: instead of Auto Layout.
    cell.accessoryType = indexPath.row % 2 == 0 ? UITableViewCellAccessoryDisclosureIndicator
                                                : UITableViewCellAccessoryCheckmark;
    cell.entity = [self entityAtIndexPath:indexPath];
}

- (FDFeedEntity *)entityAtIndexPath:(NSIndexPath *)indexPath {
    return self.feedEntitySections[(NSUInteger)indexPath.section][(NSUInteger)indexPath.row];
}

#pragma mark - UITableViewDelegate

- (CGFloat)tableView:(UITableView *)tableView heightForRowAtIndexPath:(NSIndexPath *)indexPath {
    switch ((FDSimulatedCacheMode)self.cacheModeSegmentControl.selectedSegmentIndex) {
        case FDSimulatedCacheModeNone:
            return [tableView fd_heightForCellWithIdentifier:FDFeedCellIdentifier configuration:^(FDFeedCell *cell) {
                [self configureCell:cell atIndexPath:indexPath];
            }];
        case FDSimulatedCacheModeCacheByIndexPath:
            return [tableView fd_heightForCellWithIdentifier:FDFeedCellIdentifier
                                            cacheByIndexPath:indexPath
                                               configuration:^(FDFeedCell *cell) {
                [self configureCell:cell atIndexPath:indexPath];
            }];
        case FDSimulatedCacheModeCacheByKey: {
            FDFeedEntity *entity = [self entityAtIndexPath:indexPath];
            return [tableView fd_heightForCellWithIdentifier:FDFeedCellIdentifier
                                                  cacheByKey:entity.identifier
                                               configuration:^(FDFeedCell *cell) {
                [self configureCell:cell atIndexPath:indexPath];
            }];
        }
    }
    return tableView.estimatedRowHeight;
}

- (void)tableView:(UITableView *)tableView didSelectRowAtIndexPath:(NSIndexPath *)indexPath {
    [tableView deselectRowAtIndexPath:indexPath animated:YES];
    [self editEntityAtIndexPath:indexPath];
}

- (void)tableView:(UITableView *)tableView
    commitEditingStyle:(UITableViewCellEditingStyle)editingStyle
     forRowAtIndexPath:(NSIndexPath *)indexPath {
    if (editingStyle != UITableViewCellEditingStyleDelete) {
        return;
    }
    [self.feedEntitySections[(NSUInteger)indexPath.section] removeObjectAtIndex:(NSUInteger)indexPath.row];
    [tableView deleteRowsAtIndexPaths:@[ indexPath ] withRowAnimation:UITableViewRowAnimationAutomatic];
}

#pragma mark - Actions

- (void)cacheModeChanged:(UISegmentedControl *)sender {
    [self.tableView reloadData];
}

- (void)showActions:(UIBarButtonItem *)sender {
    UIAlertController *sheet = [UIAlertController alertControllerWithTitle:nil
                                                                   message:nil
                                                            preferredStyle:UIAlertControllerStyleActionSheet];
    __weak FDObjectiveCFeedViewController *weakSelf = self;
    [sheet addAction:[UIAlertAction actionWithTitle:@"Insert a row" style:UIAlertActionStyleDefault handler:^(__unused UIAlertAction *action) {
        [weakSelf insertRow];
    }]];
    [sheet addAction:[UIAlertAction actionWithTitle:@"Insert a section" style:UIAlertActionStyleDefault handler:^(__unused UIAlertAction *action) {
        [weakSelf insertSection];
    }]];
    [sheet addAction:[UIAlertAction actionWithTitle:@"Delete a section" style:UIAlertActionStyleDestructive handler:^(__unused UIAlertAction *action) {
        [weakSelf deleteSection];
    }]];
    [sheet addAction:[UIAlertAction actionWithTitle:@"Load more (keep cached heights)" style:UIAlertActionStyleDefault handler:^(__unused UIAlertAction *action) {
        [weakSelf loadMore];
    }]];
    [sheet addAction:[UIAlertAction actionWithTitle:@"Forget all heights" style:UIAlertActionStyleDefault handler:^(__unused UIAlertAction *action) {
        [weakSelf forgetAllHeights];
    }]];
    [sheet addAction:[UIAlertAction actionWithTitle:@"Cancel" style:UIAlertActionStyleCancel handler:nil]];
    sheet.popoverPresentationController.barButtonItem = sender; // An iPad shows the sheet as a popover.
    [self presentViewController:sheet animated:YES completion:nil];
}

- (void)insertRow {
    if (self.feedEntitySections.count == 0) {
        [self insertSection];
        return;
    }
    [self.feedEntitySections[0] insertObject:[[FDFeedEntity alloc] initWithIndex:self.nextEntityIndex++] atIndex:0];
    [self.tableView insertRowsAtIndexPaths:@[ [NSIndexPath indexPathForRow:0 inSection:0] ]
                          withRowAnimation:UITableViewRowAnimationAutomatic];
}

- (void)insertSection {
    [self.feedEntitySections insertObject:[self makeEntities:3] atIndex:0];
    [self.tableView insertSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationAutomatic];
}

- (void)deleteSection {
    if (self.feedEntitySections.count == 0) {
        return;
    }
    [self.feedEntitySections removeObjectAtIndex:0];
    [self.tableView deleteSections:[NSIndexSet indexSetWithIndex:0] withRowAnimation:UITableViewRowAnimationAutomatic];
}

/// Appends rows at the bottom: the rows above keep their index paths, so their cached
/// heights stay valid and the reload keeps them.
- (void)loadMore {
    if (self.feedEntitySections.count == 0) {
        [self insertSection];
        return;
    }
    [self.feedEntitySections.lastObject addObjectsFromArray:[self makeEntities:5]];
    [self.tableView fd_reloadDataWithoutInvalidateIndexPathHeightCache];
}

/// An edit changes the content but not the identifier: the key's height is forgotten by
/// hand; the reload forgets the index path's.
- (void)editEntityAtIndexPath:(NSIndexPath *)indexPath {
    FDFeedEntity *entity = [self entityAtIndexPath:indexPath];
    self.feedEntitySections[(NSUInteger)indexPath.section][(NSUInteger)indexPath.row] = [entity entityByAppendingEdit];
    [self.tableView.fd_keyedHeightCache invalidateHeightForKey:entity.identifier];
    [self.tableView reloadRowsAtIndexPaths:@[ indexPath ] withRowAnimation:UITableViewRowAnimationAutomatic];
}

- (void)forgetAllHeights {
    [self.tableView.fd_indexPathHeightCache invalidateAllHeightCache];
    [self.tableView.fd_keyedHeightCache invalidateAllHeightCache];
    [self.tableView reloadData];
}

@end
