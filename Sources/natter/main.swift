import Foundation
import NatterUI

exit(Natter.main(CommandLine.arguments))
