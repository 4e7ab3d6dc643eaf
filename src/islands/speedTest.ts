// A real speed test against our server: time a download and an upload of known sizes (Mbit/s, one decimal).
const DOWNLOAD_BYTES = 4 * 1024 * 1024
const UPLOAD_BYTES = 1024 * 1024

const mbps = (bytes: number, ms: number) => Math.round(((bytes * 8) / (ms / 1000) / 1_000_000) * 10) / 10

export async function measureSpeed(): Promise<{ download: number; upload: number }> {
  const downloadStart = performance.now()
  const download = await fetch(`/api/speedtest?bytes=${DOWNLOAD_BYTES}&t=${Date.now()}`, { cache: 'no-store' })
  if (!download.ok) throw new Error(String(download.status))
  const received = (await download.arrayBuffer()).byteLength
  const downloadMs = performance.now() - downloadStart

  const body = new Uint8Array(UPLOAD_BYTES)
  crypto.getRandomValues(body.subarray(0, 65_536))
  const uploadStart = performance.now()
  const upload = await fetch('/api/speedtest', { method: 'POST', body, headers: { 'Content-Type': 'application/octet-stream' } })
  if (!upload.ok) throw new Error(String(upload.status))
  await upload.json()
  return { download: mbps(received, downloadMs), upload: mbps(UPLOAD_BYTES, performance.now() - uploadStart) }
}
