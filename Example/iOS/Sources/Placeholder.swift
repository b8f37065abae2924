// Replaced by the iOS example app's sources.
