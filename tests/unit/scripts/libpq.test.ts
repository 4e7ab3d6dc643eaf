// DATABASE_URL as libpq's variables for pg_dump and pg_restore: every part, percent-escapes undone, nothing on a command line.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { libpqEnv } from '../../../scripts/lib/libpq'

describe('libpqEnv', () => {
  it('takes each part of the URL', () => {
    expect(libpqEnv('postgres://vpnkeys:s%40cret%2Fpw@db.internal:5433/vpnkeys?sslmode=require')).toEqual({
      PGHOST: 'db.internal',
      PGPORT: '5433',
      PGUSER: 'vpnkeys',
      PGPASSWORD: 's@cret/pw',
      PGDATABASE: 'vpnkeys',
      PGSSLMODE: 'require',
    })
    expect(libpqEnv('postgresql://postgres@[::1]/site')).toEqual({ PGHOST: '::1', PGUSER: 'postgres', PGDATABASE: 'site' })
    expect(libpqEnv('postgres:///site?host=/run/postgresql')).toMatchObject({ PGHOST: '/run/postgresql', PGDATABASE: 'site' })
    expect(() => libpqEnv('mysql://root@localhost/site')).toThrow('postgres://')
  })

  it('gives back any password and user as written, whatever characters they hold', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (user, password) => {
        const env = libpqEnv(`postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:5432/db`)
        return env.PGUSER === user && env.PGPASSWORD === password
      }),
    )
  })
})
