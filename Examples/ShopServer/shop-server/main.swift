// `swift run shop-server --port 8080 --endpoint URL --vendor all`: the shop's backend. Everything lives in
// the ShopServer library, where its tests reach it too.
import Foundation
import ShopServer

exit(await ShopServerCommand.run(Array(CommandLine.arguments.dropFirst())))
