// A request body read no further than a bound: a stranger's oversized post costs the bound, not its own size in
// memory and parsing. nginx refuses bodies over 4 MB (client_max_body_size); this holds for an instance reached
// without it, and for bodies sent in chunks, which announce no length.

type Readable = { headers: Headers; body?: ReadableStream<Uint8Array> | null; arrayBuffer?: () => Promise<ArrayBuffer> }

/** The body's bytes, or null when it is longer than `maxBytes` (the rest is never read). */
export async function boundedBytes(request: Readable, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const announced = Number(request.headers.get('content-length'))
  if (Number.isFinite(announced) && announced > maxBytes) return null
  if (!request.body) {
    const whole = new Uint8Array((await request.arrayBuffer?.()) ?? new ArrayBuffer(0))
    return whole.byteLength > maxBytes ? null : whole
  }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
