// The job runner's tick (JOB_TICK_SECONDS: a minute, unless a test site shortens it) as a cron pattern. Payload's
// runner runs the queue on it, and the tasks that run "every minute" are queued on it too, so a shorter tick makes
// them come sooner as well (a test then waits seconds for a held trial to start, not up to a minute).
export function tickCron(seconds: number): string {
  return seconds === 60 ? '* * * * *' : `*/${seconds} * * * * *`
}
