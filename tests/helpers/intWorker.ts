// Before each integration file, in its worker. A worker runs its files one after another and keeps their modules
// (vitest.config.ts: isolate: false), so each worker builds one Payload, on its own copy of the migrated and seeded
// database (tests/helpers/intGlobalSetup.ts), and sends its mail and staff alerts to its own doubles
// (tests/helpers/intDoubles.ts), which the config reads once, when it is first imported.
import { workerDoubles } from './intDoubles'

const worker = Number(process.env.VITEST_POOL_ID ?? 1)
process.env.DATABASE_URL = `${process.env.INT_DATABASE_URL_PREFIX}${worker}`
const doubles = await workerDoubles()
Object.assign(process.env, {
  // The tests run jobs themselves: a scheduled health check or rotation at a random moment of another test would
  // change what it reads (a server checked "up" while a test looks at it).
  JOB_RUNNER: 'off',
  SMTP_URL: doubles.smtp.url,
  TELEGRAM_BOT_TOKEN: doubles.telegram.token,
  TELEGRAM_CHAT_ID: doubles.telegram.chatId,
  TELEGRAM_API_URL: doubles.telegram.url,
})
