// My servers' page state, decided from its address and what the page read (src/lib/vip/serversView.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { MAX_DEVICE_KEYS } from '@/lib/vip/deviceKeys'
import type { VipChoice } from '@/lib/vip/deviceKeys'
import { SERVERS_ERRORS, serversView } from '@/lib/vip/serversView'

const rows = [
  { id: 11, device: 'Телефон' },
  { id: 12, device: 'Ноутбук' },
]
const choices: VipChoice[] = [
  { serverId: 3, protocol: 'wireguard', countryCode: 'de', countryName: 'Германия' },
  { serverId: 3, protocol: 'trojan', countryCode: 'de', countryName: 'Германия' },
  { serverId: 4, protocol: 'vless', countryCode: 'nl', countryName: 'Нидерланды' },
]

describe('My servers’ view', () => {
  it('shows nothing extra on a plain visit, and offers a protocol phones open from a link', () => {
    expect(serversView({}, rows, choices)).toEqual({
      formError: null,
      notice: null,
      focusDevice: false,
      revoking: null,
      revokedKeyId: null,
      typedDevice: '',
      chosenTarget: '4:vless',
      confirmingUrlReset: false,
      deviceNotFound: false,
    })
  })

  it('greets a buyer from the purchase e-mail: the form next, with the focus, until a key exists', () => {
    expect(serversView({ welcome: '1' }, [], choices)).toMatchObject({ notice: 'welcomeNoKey', focusDevice: true })
    expect(serversView({ welcome: '1', created: '1' }, rows, choices)).toMatchObject({ notice: 'welcome', focusDevice: false })
  })

  it('says what an action did, the first that applies', () => {
    expect(serversView({ created: '1', revoked: '11' }, rows, choices).notice).toBe('created')
    expect(serversView({ revoked: '11' }, rows, choices)).toMatchObject({ notice: 'revoked', revokedKeyId: 11 })
    expect(serversView({ restored: '1' }, rows, choices).notice).toBe('restored')
    expect(serversView({ url: 'reset' }, rows, choices).notice).toBe('urlResetDone')
    expect(serversView({ deviceRemoved: '1' }, rows, choices).notice).toBe('deviceRemoved')
    expect(serversView({ url: 'other' }, rows, choices).notice).toBeNull()
  })

  it('asks before revoking only a key of the subscriber’s own', () => {
    expect(serversView({ confirm: 'revoke', key: '12' }, rows, choices).revoking).toEqual(rows[1])
    expect(serversView({ confirm: 'revoke', key: '99' }, rows, choices).revoking).toBeNull()
    expect(serversView({ key: '12' }, rows, choices).revoking).toBeNull()
  })

  it('keeps what the form sent back, and a choice only if it is one on offer', () => {
    expect(serversView({ device: 'iPad', target: '3:trojan' }, rows, choices)).toMatchObject({ typedDevice: 'iPad', chosenTarget: '3:trojan' })
    expect(serversView({ target: '9:vless' }, rows, choices).chosenTarget).toBe('4:vless')
    expect(serversView({}, rows, []).chosenTarget).toBeUndefined()
  })

  it('says the limit is reached once every key is made, and a route’s error before it', () => {
    const full = Array.from({ length: MAX_DEVICE_KEYS }, (_, index) => ({ id: index + 1 }))
    expect(serversView({}, full, choices).formError).toEqual({ kind: 'limitReached', max: MAX_DEVICE_KEYS })
    expect(serversView({ error: 'invalidDevice' }, full, choices).formError).toEqual({ kind: 'invalidDevice', max: MAX_DEVICE_KEYS })
    expect(serversView({ error: 'deviceNotFound' }, rows, choices)).toMatchObject({ formError: null, deviceNotFound: true })
  })

  it('never takes an error, a notice or a key id the routes do not send, whatever the address holds', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('error', 'revoked', 'confirm', 'key', 'target', 'url', 'welcome', 'created'), fc.oneof(fc.string(), fc.array(fc.string()))), (query) => {
        const view = serversView(query, rows, choices)
        expect(view.formError === null || SERVERS_ERRORS.includes(view.formError.kind)).toBe(true)
        expect(view.revokedKeyId === null || (Number.isInteger(view.revokedKeyId) && view.revokedKeyId > 0)).toBe(true)
        expect(view.revoking === null || rows.includes(view.revoking)).toBe(true)
        expect(choices.some((choice) => `${choice.serverId}:${choice.protocol}` === view.chosenTarget)).toBe(true)
      }),
    )
  })
})
