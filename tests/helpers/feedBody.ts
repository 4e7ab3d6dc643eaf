// A base64 subscription body as the apps read it: the share links, and the lines that repeat the headers' keys at
// its top (`#profile-title: …`, `#providerid …`, INCY's `incy://autorouting/onadd/…`), which only some apps read.
export type FeedBody = { links: string[]; meta: Record<string, string>; lines: string[] }

export function readFeedBody(body: string): FeedBody {
  const lines = Buffer.from(body, 'base64').toString('utf8').split('\n').filter(Boolean)
  const meta: Record<string, string> = {}
  const links: string[] = []
  for (const line of lines) {
    const key = /^#([a-z-]+)(?::\s|\s)(.*)$/.exec(line)
    if (key) meta[key[1]!] = key[2]!
    else if (line.startsWith('incy://')) meta.autorouting = line
    else links.push(line)
  }
  return { links, meta, lines }
}

/** The share links of a base64 subscription body, without its header lines. */
export const feedLinks = (body: string): string[] => readFeedBody(body).links
