// What a request with one header at the largest size the front lets through costs, against the same request as a
// browser sends it: the guard for what nobody listed (issue 33). Each header comes in shapes that stress a parser
// (a long run of one character, a long list of its grammar's items), since a pattern that backtracks or a loop over
// items shows only on one of them.

/** nginx refuses a header line over 8 KB (`large_client_header_buffers 4 8k`): the value plus its name stays under it. */
export const LARGEST_HEADER_VALUE = 8_000

const fill = (unit: string, prefix = '') => (prefix + unit.repeat(Math.ceil(LARGEST_HEADER_VALUE / unit.length))).slice(0, LARGEST_HEADER_VALUE)

/** About 1,100 distinct language tags: a matcher that caches or compares per tag (0.8–1.1 s once) shows only on these. */
const distinctTags = () => {
  const letter = (code: number) => String.fromCharCode(97 + (code % 26))
  const tags = Array.from({ length: 1_100 }, (_, index) => `${letter(index)}${letter(Math.floor(index / 26))}x-DE`)
  return tags.join(',').slice(0, LARGEST_HEADER_VALUE)
}

/** Every header a browser, a proxy or an attacker sends that the app or Next.js may read, in its worst shapes. */
export const LARGE_HEADERS: Record<string, string[]> = {
  'user-agent': [fill('b', 'Mozilla/5.0 '), fill('a-Google ', 'Mozilla/5.0 ('), fill('(compatible; bot/1.0) ')],
  'accept-language': [fill('ab-CD,'), distinctTags(), fill('ru;q=0.9,'), fill('x')],
  cookie: [fill('x', 'NEXT_LOCALE='), fill('c=v; '), fill('a', 'payload-token=')],
  accept: [fill('text/html;q=0.9,'), fill('a/', 'text/')],
  // gzip then a run of spaces: two \s* in a row in nginx's map once backtracked over each other on it.
  'accept-encoding': [fill('gzip;q=0.5, '), fill('z'), `${fill(' ', 'gzip').slice(0, LARGEST_HEADER_VALUE - 1)}x`],
  referer: [fill('a/', 'https://vpnkeys.test/'), fill('%2F', 'https://vpnkeys.test/?next=')],
  'x-forwarded-for': [fill('10.0.0.1, '), fill('1')],
  'x-forwarded-proto': [fill('https,')],
  'if-none-match': [fill('"abc", '), fill('W/')],
  'if-modified-since': [fill('Thu, 01 Jan 1970 00:00:00 GMT ')],
  authorization: [fill('a', 'Bearer '), fill('a.', 'JWT ')],
  origin: [fill('a', 'http://')],
  'sec-fetch-site': [fill('same-origin ')],
  'sec-ch-ua': [fill('"Chromium";v="140", ')],
  range: [fill('0-1,', 'bytes=')],
  'x-forwarded-host': [fill('a.'), fill('vpnkeys.test,')],
  'sec-fetch-dest': [fill('document')],
  'content-type': [fill('; a=b', 'multipart/form-data'), fill('a', 'application/json; charset=')],
  // What Next.js reads itself: a client navigation's router state (with rsc: 1, SENT_WITH), its URL, a server action.
  'next-router-state-tree': [nestedRouterState()],
  'next-url': [fill('/a')],
  'next-action': [fill('a')],
  // What subscription apps send with each poll (src/lib/feeds/devices.ts).
  'x-hwid': [fill('a'), fill('a-')],
  'x-device-os': [fill('Android ')],
  'x-ver-os': [fill('14.')],
  'x-device-model': [fill('Pixel ')],
  'x-unknown': [fill('x')],
}

/** Headers that only count beside another: Next.js reads the router state of an RSC request alone. */
export const SENT_WITH: Record<string, Record<string, string>> = { 'next-router-state-tree': { rsc: '1' } }

/** Segments nested as deep as nginx's limit allows: validating them costs more than their length. */
function nestedRouterState(): string {
  let tree = '["",{}]'
  while (encodeURIComponent(`["",{"children":${tree}}]`).length <= LARGEST_HEADER_VALUE) tree = `["",{"children":${tree}}]`
  return encodeURIComponent(tree)
}

export type Sent = { status: number; ms: number }

/** The median of `rounds` sends. */
export async function medianMs(send: () => Promise<Sent>, rounds: number): Promise<{ ms: number; statuses: number[] }> {
  const answers: Sent[] = []
  for (let round = 0; round < rounds; round += 1) answers.push(await send())
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  return { ms: times[Math.floor(times.length / 2)]!, statuses: answers.map((answer) => answer.status) }
}

/**
 * A send over its bound, measured again: alternately with the browser's request, `rounds` times each, the fastest of
 * each kept. What a header costs the code is paid on every send of it; what the machine adds (a job's tick on the
 * same event loop, a collection, another process on the core) only ever adds time, and to a stretch of sends, both
 * kinds alike: the fastest of each is what each costs. (The median of three large sends, then of three of the
 * browser's, once compared a stretch the site was busy with a quiet one after it: clone 88, GET /de with a large
 * Referer, which nothing reads, at 91 ms against 11 ms.)
 */
export async function fastestAlternately(large: () => Promise<Sent>, normal: () => Promise<Sent>, rounds = 5): Promise<{ large: number; normal: number; statuses: number[] }> {
  const fastest = { large: Number.POSITIVE_INFINITY, normal: Number.POSITIVE_INFINITY, statuses: [] as number[] }
  for (let round = 0; round < rounds; round += 1) {
    const sentLarge = await large()
    const sentNormal = await normal()
    fastest.large = Math.min(fastest.large, sentLarge.ms)
    fastest.normal = Math.min(fastest.normal, sentNormal.ms)
    fastest.statuses.push(sentLarge.status)
  }
  return fastest
}

/**
 * A large header may cost at most `MAX_RATIO` times the normal request, plus `SLACK_MS` (a normal answer of 2 ms
 * would otherwise make 6 ms a failure: a scheduling hiccup, not a parser). Quadratic parsers cost hundreds of ms here.
 */
export const MAX_RATIO = 3
export const SLACK_MS = 30

export function withinBound(large: number, normal: number): boolean {
  return large <= normal * MAX_RATIO + SLACK_MS
}
