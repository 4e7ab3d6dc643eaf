// Prints one closing line for the whole test run from the runners' JSON reports: "N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

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
// The failures by name and with the start of their error, last: CI shows only the end of the output, and a failure
// that does not come back on a rerun can only be understood from what it said there.
const failures = []
// Colour codes stripped, the first lines kept and each shortened: enough to say which step failed and why.
const excerpt = (message) =>
  (message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, 12)
    .map((line) => `    ${line.slice(0, 300)}`)
    .join('\n')
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults) {
    if (test.status === 'failed') failures.push({ name: `vitest › ${path.relative(process.cwd(), file.name)} › ${test.fullName}`, message: test.failureMessages?.[0] })
  }
  if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
    failures.push({ name: `vitest › ${path.relative(process.cwd(), file.name)} › ${file.message?.split('\n')[0] ?? 'failed to run'}`, message: file.message })
  }
}
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === 'unexpected') {
        const error = test.results.findLast((result) => result.error)?.error
        failures.push({ name: `playwright › [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title}`, message: error?.message ?? error?.value })
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child)
}
for (const suite of playwright?.suites ?? []) walk(suite)
for (const { name, message } of failures) console.info(`FAILED ${name}\n${excerpt(message)}`)
console.info(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'did not run'}`)
console.info(`playwright: ${playwright ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'did not run'}`)
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`)
// The reports are the record: any failure in them fails the run, whatever a runner's exit code said.
if (failed > 0) process.exitCode = 1
