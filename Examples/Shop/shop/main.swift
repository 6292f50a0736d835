// `swift run shop`: the example app. Everything lives in the ShopApp library, where its tests reach it too.
import Foundation
import ShopApp

exit(await ShopApp.run(Array(CommandLine.arguments.dropFirst())))
