// Host names as the site compares them, and as nginx keys its cache by them ($host): without case, port, IPv6
// brackets or a trailing dot. `vpn.example.`, `VPN.example:8443` and `vpn.example` are one host.
export function hostName(host: string): string {
  let name = host.trim().toLowerCase()
  if (name.startsWith('[')) name = name.slice(1, name.indexOf(']') === -1 ? undefined : name.indexOf(']'))
  // One colon is a port; more are a bare IPv6 address, which has none.
  else if (name.split(':').length === 2) name = name.slice(0, name.indexOf(':'))
  return name.replace(/\.$/, '')
}

/** Whether two hosts (with or without ports) are the same server's. */
export function sameHost(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b && hostName(a) === hostName(b))
}
