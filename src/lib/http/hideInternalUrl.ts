// Payload answers a collection without REST endpoints (`payload-migrations`) with "Cannot GET <request URL>",
// and the request URL is the server's own address behind the proxy (http://localhost:PORT): answered without it.
export function hideInternalUrl<Args extends unknown[]>(
  handler: (request: Request, ...rest: Args) => Promise<Response>,
): (request: Request, ...rest: Args) => Promise<Response> {
  return async (request, ...rest) => {
    const response = await handler(request, ...rest)
    if (response.status !== 501) return response
    return Response.json({ message: 'Not implemented' }, { status: 501, headers: { 'Cache-Control': 'no-store' } })
  }
}
