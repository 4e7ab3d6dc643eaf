// Whether two host names are the same server's: compared without case, IPv6 brackets or a trailing dot.
export function sameHost(a: string, b: string): boolean {
  const normal = (host: string) => host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '')
  return normal(a) === normal(b)
}
