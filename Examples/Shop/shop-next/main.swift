// TEMPORARY: runs ShopApp until `shop` itself calls into it (after the `testing` branch is merged).
import Foundation
import ShopApp

exit(await ShopApp.run(Array(CommandLine.arguments.dropFirst())))
