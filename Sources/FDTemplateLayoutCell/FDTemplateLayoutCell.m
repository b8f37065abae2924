// SwiftPM needs a source file in every target. This one implements nothing (the
// TemplateLayoutCell Swift module supplies every method at run time under the pod's
// selectors); it compiles the public headers on Apple platforms, so that every build
// checks them against the Swift module's generated header.
#if defined(__APPLE__) && defined(__OBJC__)
#import "FDTemplateLayoutCell.h"
#endif
