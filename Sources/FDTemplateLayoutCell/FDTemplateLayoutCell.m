// SwiftPM needs a source file in every target. This one implements no API (the
// TemplateLayoutCell Swift module supplies every method at run time under the pod's
// selectors); it compiles the public headers on Apple platforms, so that every build
// checks them against the Swift module's generated header, and holds the package's one
// launch-time step below.
#if defined(__APPLE__) && defined(__OBJC__)
#import "FDTemplateLayoutCell.h"
#import <TargetConditionals.h>

#if TARGET_OS_IPHONE
// Defined by the TemplateLayoutCell Swift module (RegistrationTracking.swift, @_cdecl).
extern void TemplateLayoutCellInstallAtLaunch(void);

/// Records collection-view registrations from launch on (apps register cells in
/// viewDidLoad, before any call of the package, and templates are built from those
/// registrations), and follows table updates from launch on, as the pod's +load did.
__attribute__((constructor)) static void FDTemplateLayoutCellInstallAtLaunch(void) {
    TemplateLayoutCellInstallAtLaunch();
}

/// Linked from a static archive (CocoaPods, Bazel, Tuist static products), an object file is
/// loaded only when something references its symbols or, under -ObjC, when it holds an
/// Objective-C class or category: nothing references the step above, so this empty class
/// keeps the file, and the step, under -ObjC (reviews 21a A5, 21e E5; clang emits no empty
/// category, review 21f F1). Without -ObjC such a link still drops it; the Swift module then
/// installs the same hooks at the package's first call, missing only collection-view
/// registrations made before it.
@interface FDTemplateLayoutCellLaunchAnchor : NSObject
@end

@implementation FDTemplateLayoutCellLaunchAnchor
@end
#endif
#endif
