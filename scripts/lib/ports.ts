// Free TCP ports on loopback (get-port), so a busy port never hangs a start: the one wanted when it is free, else
// one the system hands out. get-port also keeps a port it handed out from being handed out again for a while, so
// two starts in one process never race for the same one.
import getPort from 'get-port'

/** `preferred` when it is free on `host`, else any free port there. */
export function freePort(preferred?: number, host = '127.0.0.1'): Promise<number> {
  return getPort({ ...(preferred === undefined ? {} : { port: preferred }), host })
}
