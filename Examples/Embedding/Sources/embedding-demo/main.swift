import Foundation
import ToyApp

// Plays the toy app's short session and prints what it heard.
do {
    for line in try ToyApp.run() { print(line) }
} catch {
    print("error: \(error)")
    exit(1)
}
