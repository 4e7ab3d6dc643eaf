// Which Node the site runs on: Next.js 16 and Payload 3 need 20.9 or later; Node 20 left its long-term support on
// 2026-04-30 (no security fixes since), so production on it is told, once, at start. 22 and 24 are the LTS lines.
export const MINIMUM_NODE = '20.9.0'
const END_OF_LIFE: Record<number, string> = { 20: '2026-04-30', 21: '2024-06-01', 23: '2025-06-01' }

export type NodeVerdict = { ok: false; line: string } | { ok: true; warning: string | null }

export function nodeVerdict(version: string, { isProduction, today = new Date() }: { isProduction: boolean; today?: Date }): NodeVerdict {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  // Downloaded first: piped, a failed download still went on to install Debian's own Node 18 (docs/operating/without-docker.md, step 1).
  const get = 'NodeSource: curl -fsSL -o /tmp/nodesource_setup.sh https://deb.nodesource.com/setup_22.x && bash /tmp/nodesource_setup.sh && apt-get install -y nodejs'
  if (major < 20 || (major === 20 && minor < 9)) return { ok: false, line: `Node ${version} is too old for the site: it needs Node ${MINIMUM_NODE} or later, 22 or 24 best (${get}).` }
  const endOfLife = END_OF_LIFE[major]
  if (isProduction && endOfLife && today.toISOString().slice(0, 10) >= endOfLife) {
    return { ok: true, warning: `Node ${major} gets no security fixes since ${endOfLife}: move to Node 22 or 24 (${get}).` }
  }
  return { ok: true, warning: null }
}
