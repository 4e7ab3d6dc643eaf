// Tells the site a visitor copied a free key (src/app/api/key-details/[id]/taken): a beacon, so leaving the page
// right after copying still sends it, and nothing waits for the answer.
export function reportKeyTaken(keyId: string | number): void {
  const url = `/api/key-details/${encodeURIComponent(String(keyId))}/taken`
  try {
    if (navigator.sendBeacon?.(url)) return
  } catch {
    // A browser that refuses the beacon falls back to fetch.
  }
  void fetch(url, { method: 'POST', keepalive: true }).catch(() => undefined)
}
