import UIKit

// The app's entry point. The app target compiles Example/iOS/Sources and this folder as one
// module (see project.yml), so AppDelegate and DemoScreenCatalog need no import. The app uses
// the scene life cycle: UIKit then connects a scene, whose SceneDelegate makes the window.
//
// Screens only the app target can build are registered before the first scene connects.
DemoScreenCatalog.register(.objectiveCFeed)

UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(AppDelegate.self))
