// Demo staff accounts created by the seed on local and preview runs (never on strict production).
export const DEMO_ACCOUNTS = [
  { role: 'editor', email: 'editor@example.com', password: 'demo-editor-2026' },
  { role: 'admin', email: 'admin@example.com', password: 'demo-admin-2026' },
] as const
