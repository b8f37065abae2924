// What the app target's Swift sees of its Objective-C code: the Objective-C feed, which
// App/DemoScreen+ObjectiveCFeed.swift offers as a screen.
#import "FDObjectiveCFeedViewController.h"
