// Prints one closing line for the whole test run from the runners' JSON reports: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs'

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
const vitest = read('.test/vitest.json')
const playwright = read('.test/playwright.json')

let passed = 0
let failed = 0
let skipped = 0
if (vitest) {
  passed += vitest.numPassedTests
  failed += vitest.numFailedTests
  skipped += vitest.numPendingTests + vitest.numTodoTests
}
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky
  failed += playwright.stats.unexpected
  skipped += playwright.stats.skipped
}
console.info(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'did not run'}`)
console.info(`playwright: ${playwright ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'did not run'}`)
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`)
// The reports are the record: any failure in them fails the run, whatever a runner's exit code said.
if (failed > 0) process.exitCode = 1
