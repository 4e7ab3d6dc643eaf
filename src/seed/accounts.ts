// Demo staff accounts created by the seed on local and preview runs (never on strict production).
export const DEMO_ACCOUNTS = [
  { role: 'editor', email: 'editor@example.com', password: 'demo-editor-2026' },
  { role: 'admin', email: 'admin@example.com', password: 'demo-admin-2026' },
] as const

/** Why the demo content may not be written here, or null where it may (local and preview runs). */
export function demoSeedRefusal(environment: { isStrictProduction: boolean }): string | null {
  return environment.isStrictProduction
    ? 'The demo seed is never run in production: it creates accounts whose passwords are published (admin@example.com, editor@example.com) and sample servers and keys. Make the first admin with `npm run create-admin -- you@example.org`.'
    : null
}
