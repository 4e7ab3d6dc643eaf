// Who is asking: search and social crawlers, and command-line clients, by their user agent.
const CRAWLER = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|google|yandex|bingpreview|duckduck|baidu|mediapartners|ia_archiver|embedly|quora link preview|whatsapp|telegram|vkshare|skype/i
const COMMAND_LINE = /^(curl|wget|httpie|python-requests|python-urllib|go-http-client|libwww-perl|okhttp|java\/|powershell|axios|node-fetch|undici|aiohttp|lwp-request|fetch\b)/i

export function isCrawler(userAgent: string | null | undefined): boolean {
  return CRAWLER.test(userAgent ?? '')
}

/** A missing user agent is treated like a command-line client: a script, not a person. */
export function isCommandLineClient(userAgent: string | null | undefined): boolean {
  const agent = (userAgent ?? '').trim()
  return agent === '' || COMMAND_LINE.test(agent)
}

/** Not a person in a browser: never redirected by locale or host rules. */
export function isAutomatedAgent(userAgent: string | null | undefined): boolean {
  return isCrawler(userAgent) || isCommandLineClient(userAgent)
}
