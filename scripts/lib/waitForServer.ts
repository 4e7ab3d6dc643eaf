// Waiting for a server this process started: until it answers HTTP, or fails if it exits or takes too long.
import type { ChildProcess } from 'node:child_process'

const READY_TIMEOUT_MS = 180_000

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
    return true
  } catch {
    return false
  }
}

export async function waitUntilReady(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited early (code ${String(child.exitCode ?? child.signalCode)})`)
    if (await answers(url)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`)
}
