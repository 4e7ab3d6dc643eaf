// The site's advisory locks have one home (src/lib/db): every name in LOCKS, every lock statement there, so two
// places that must take the same lock cannot drift apart.
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { LOCKS } from '@/lib/db/locks'

import { projectRoot as root, sourceFiles } from '../../helpers/sourceFiles'

describe('advisory locks', () => {
  it('a subscription is locked under one name, whether its change starts from our record, the provider’s order or its event', () => {
    const paid = { id: 41, provider: { subscriptionId: 'order-7' } }
    expect(LOCKS.billing(paid)).toBe(LOCKS.billing('order-7'))
    // Before the provider names it, our id does.
    expect(LOCKS.billing({ id: 41, provider: { subscriptionId: null } })).toBe('billing:41')
    expect(LOCKS.billing({ id: 41 })).toBe(LOCKS.billing({ id: 41, provider: null }))
    expect(LOCKS.billing(paid)).not.toBe(LOCKS.billing({ id: 41 }))
  })

  it('names of different things never coincide', () => {
    const names = [
      LOCKS.jobRunner,
      LOCKS.freeKeyRotation,
      LOCKS.incidentWatch,
      LOCKS.billing('1'),
      LOCKS.cancelDiscount(1),
      LOCKS.deviceKeys(1),
      LOCKS.deviceKey(1),
      LOCKS.provisioning(1),
      LOCKS.devices(1),
    ]
    expect(new Set(names).size).toBe(names.length)
  })

  it('no code outside src/lib/db takes or names an advisory lock itself', () => {
    const offenders = sourceFiles()
      .filter((file) => !file.startsWith(path.join(root, 'src/lib/db/')))
      .filter((file) => /pg_(try_)?advisory|hashtext\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
    expect(offenders).toEqual([])
  })
})
