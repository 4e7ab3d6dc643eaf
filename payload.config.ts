// Payload: database, collections, globals, localization, admin languages and e-mail.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { en } from '@payloadcms/translations/languages/en'
import { ru } from '@payloadcms/translations/languages/ru'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { AuthTokens } from './collections/AuthTokens'
import { ClientApps } from './collections/ClientApps'
import { Countries } from './collections/Countries'
import { Keys } from './collections/Keys'
import { Pages } from './collections/Pages'
import { Charges } from './collections/Charges'
import { Incidents } from './collections/Incidents'
import { Broadcasts } from './collections/Broadcasts'
import { Probes } from './collections/Probes'
import { ProviderEvents } from './collections/ProviderEvents'
import { Servers } from './collections/Servers'
import { SubscriptionEvents } from './collections/SubscriptionEvents'
import { Devices } from './collections/Devices'
import { Subscriptions } from './collections/Subscriptions'
import { PromoCodes } from './collections/PromoCodes'
import { Referrals } from './collections/Referrals'
import { Gifts } from './collections/Gifts'
import { Tariffs } from './collections/Tariffs'
import { Users } from './collections/Users'
import { lockDownPayloadInternals } from './collections/access/payloadInternals'
import { boundApiReadsEverywhere } from './collections/hooks/boundApiReads'
import { isAdminRequest } from './collections/access/adminOnly'
import { SiteSettings } from './globals/SiteSettings'
import { forgetExpiredLimitsTask } from './src/jobs/forgetExpiredLimits'
import { purgeDeletedAccountsTask } from './src/jobs/purgeDeletedAccounts'
import { chargeRenewalsTask } from './src/jobs/chargeRenewals'
import { checkKeyConnectionsTask } from './src/jobs/checkKeyConnections'
import { checkServerHealthTask } from './src/jobs/checkServerHealth'
import { recordFiguresTask } from './src/jobs/recordFigures'
import { revokeDeviceKeyTask } from './src/jobs/revokeDeviceKey'
import { revokeVipKeysTask } from './src/jobs/revokeVipKeys'
import { settleReferralTask } from './src/jobs/settleReferral'
import { rotateFreeKeysTask } from './src/jobs/rotateFreeKeys'
import { notifyStaffTask } from './src/jobs/notifyStaff'
import { sendEmailTask } from './src/jobs/sendEmail'
import { sendNoticeTask } from './src/jobs/sendNotice'
import { noticeDeviceLimitsTask } from './src/jobs/noticeDeviceLimits'
import { endStarsSubscriptionsTask } from './src/jobs/endStarsSubscriptions'
import { startHeldTrialsTask } from './src/jobs/startHeldTrials'
import { sendBroadcastsTask } from './src/jobs/sendBroadcasts'
import { sendLinkEmailTask } from './src/jobs/sendLinkEmail'
import { watchIncidentsTask } from './src/jobs/watchIncidents'
import { defaultLocale, localeLabels, locales } from './src/i18n/locales'
import { ADMIN_DATE_TIME, adminTranslations, withAdminDateFormats } from './src/lib/admin/adminText'
import { env } from './src/lib/env'
import { ownOrigins } from './src/lib/http/siteHosts'
import { survivePoolErrors } from './src/lib/db/pool'
import { registerSignalRecorder } from './src/lib/alerts/signals'
import { neverRunQueue, runQueueHere } from './src/lib/queue/runner'
import { tickCron } from './src/lib/queue/tick'
import { productionLogOptions } from './src/lib/log/logger'
import { measuredEmail, measuredTask } from './src/lib/metrics/instrument'
import { fromSiteName } from './src/lib/mail/fromSiteName'
import { createMailTransport } from './src/lib/mail/transport'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const config = env()

const GRAPHQL_MAX_COMPLEXITY = 200

export default buildConfig({
  serverURL: config.serverUrl,
  // Payload's CSRF allowlist: a cookie session counts only on requests whose Origin is one of the site's own (SERVER_URL's,
  // the production host's, the mirrors': a subscriber signed in on a mirror uses the account's forms there).
  csrf: ownOrigins(config.hosts),
  secret: config.PAYLOAD_SECRET ?? 'build-time-placeholder-secret-not-used-to-serve',
  admin: {
    user: Users.slug,
    meta: { titleSuffix: ' · VPN keys' },
    // Gravatar is unreachable for many of our editors; 24-hour dates read the same in both languages.
    avatar: 'default',
    dateFormat: ADMIN_DATE_TIME,
    importMap: { baseDir: path.resolve(dirname, 'src') },
    components: {
      beforeDashboard: ['/components/admin/Overview#Overview'],
      // The site's name and icon on the login page and in the navigation, not Payload's.
      graphics: { Logo: '/components/admin/Brand#Logo', Icon: '/components/admin/Brand#Icon' },
    },
  },
  i18n: {
    supportedLanguages: { ru, en },
    fallbackLanguage: 'ru',
    translations: adminTranslations,
  },
  localization: {
    locales: locales.map((code) => ({ code, label: localeLabels[code] })),
    defaultLocale,
    fallback: true,
    // "Publish" publishes the language being edited; a pending draft in the other one waits ("Publish in all
    // languages" is the editor's explicit choice in the button's menu).
    defaultLocalePublishOption: 'active',
  },
  collections: [Countries, Servers, Keys, Tariffs, PromoCodes, Referrals, Gifts, Users, Subscriptions, SubscriptionEvents, Devices, Charges, AuthTokens, ProviderEvents, Pages, ClientApps, Incidents, Probes, Broadcasts],
  globals: [SiteSettings],
  graphQL: {
    // Each field costs 1 and each relationship 10 (Payload's estimate); a query of the keys with their server and
    // country costs about 25, so this allows a handful of them in one request, never dozens of aliases.
    maxComplexity: GRAPHQL_MAX_COMPLEXITY,
    // Payload's defaults, said out loud: no schema introspection or playground in production.
    disableIntrospectionInProduction: true,
    disablePlaygroundInProduction: true,
  },
  editor: lexicalEditor(),
  db: postgresAdapter({
    pool: { connectionString: config.DATABASE_URL },
    migrationDir: path.resolve(dirname, 'migrations'),
    push: false,
  }),
  hooks: {
    // Payload formats its errors by their class; in the production bundle an error thrown in our hooks can be
    // another copy of that class, and the admin would show "An unknown error occurred" instead of our message, or
    // no message under the field. A public error keeps its message and details (never a 500's).
    afterError: [
      ({ error, result }) => {
        const { data, message, name, status, isPublic } = error as { data?: unknown; message?: string; name?: string; status?: number; isPublic?: boolean }
        if (!data || !(isPublic === true || (typeof status === 'number' && status < 500))) return
        return { response: { ...result, errors: [{ name: name || 'APIError', data: data as Record<string, unknown>, message: message ?? '' }] } }
      },
    ],
  },
  email: measuredEmail(
    fromSiteName(
      nodemailerAdapter({
        defaultFromAddress: config.emailFrom,
        // Only until Site settings can be read (src/lib/mail/fromSiteName.ts): mail comes from the site's name.
        defaultFromName: 'VPN ключи',
        transport: createMailTransport(config),
        // Checked where mail is sent (the site's server, at start); not by the build, migrations or create-admin,
        // which send none and would each print the same error until the mail server is set.
        skipVerify: process.env.NEXT_PHASE === 'phase-production-build' || process.env.MAIL_SKIP_VERIFY === 'true',
      }),
    ),
  ),
  // Production: JSON lines (src/lib/log); development: Payload's readable lines.
  ...(config.NODE_ENV === 'production' ? { logger: { options: productionLogOptions('payload') } } : {}),
  jobs: {
    tasks: [sendEmailTask, sendNoticeTask, sendLinkEmailTask, purgeDeletedAccountsTask, forgetExpiredLimitsTask, rotateFreeKeysTask, checkServerHealthTask, checkKeyConnectionsTask, revokeVipKeysTask, settleReferralTask, revokeDeviceKeyTask, chargeRenewalsTask, endStarsSubscriptionsTask, startHeldTrialsTask, watchIncidentsTask, noticeDeviceLimitsTask, sendBroadcastsTask, notifyStaffTask, recordFiguresTask].map(measuredTask),
    // Jobs are run by the app itself once a minute (JOB_TICK_SECONDS), by one instance at a time
    // (src/lib/queue/runner.ts), which also queues the scheduled tasks (none with JOB_RUNNER=off); only admins may
    // queue or run them over the API.
    autoRun: [{ cron: tickCron(config.JOB_TICK_SECONDS), queue: 'default', limit: 20, disableScheduling: true }],
    shouldAutoRun: config.JOB_RUNNER === 'off' ? neverRunQueue : runQueueHere,
    access: { queue: isAdminRequest, run: isAdminRequest, cancel: isAdminRequest },
  },
  onInit: (payload) => {
    survivePoolErrors(payload)
    registerSignalRecorder(payload)
  },
  sharp,
  // src/payload-types.ts regenerated as the development server starts (and as the config changes under it), as
  // Payload does by default; not by every other start outside production (each test worker, each `prepare` script):
  // each of those spawned a second process that loaded the whole config again only to rewrite the same file, beside
  // the build reading it (about 15 s of a core each, a dozen times in a test run). `npm run generate:types` by hand.
  typescript: { outputFile: path.resolve(dirname, 'src/payload-types.ts'), autoGenerate: process.env.NODE_ENV === 'development' && process.env.NEXT_RUNTIME === 'nodejs' },
  telemetry: false,
})
  .then(lockDownPayloadInternals)
  .then(boundApiReadsEverywhere)
  .then(withAdminDateFormats)
