// Whether a key works where the visitors are, from what the probes in one country found (one latest result per
// probe, each probe a network) and the site's own check from abroad. The one rule behind the lists' order, the keys'
// "works from Russia" line, the blocked-in-a-network alert and /status:
// - a pass from any network in the last STALE_AFTER_MS says it works there (a block is per network), and so does
//   real use a panel saw from that network (resultOfUse);
// - failing from every network that tried it lately, confirmed, is "blocked" while the site's own check still passes,
//   and "down" when that fails too. Confirmed: where two or more probes can check the key (its witnesses), two of them
//   found it failing, so one lying or broken probe cannot hide keys; where one can, it failed CONFIRM_FAILURES times
//   in a row;
// - no recent result, or one unconfirmed failure, is "untested": one lost packet is not a verdict.

export type Reach = 'works' | 'blocked' | 'down' | 'untested'

/** A probe's latest result for a key (one per probe). `failures`: how many in a row failed (0 when this one passed). */
export type NetworkResult = { network: string; checkedAt: Date; ok: boolean; failures: number }

/** Three 30-minute rounds: a probe that stopped reporting stops counting after that. */
export const STALE_AFTER_MS = 90 * 60_000
export const CONFIRM_FAILURES = 2
/** A probe heard from within this long is active (it asks every minute): a witness, and not silent. */
export const PROBE_ACTIVE_MS = 15 * 60_000

/**
 * An hour a panel saw the key used from a network (./panelUse.ts) as a result from there: a pass, as of the end of
 * that hour (or now, within it). Real use is proof enough: it needs no second look.
 */
export function resultOfUse(network: string, hour: Date, now: Date): NetworkResult {
  return { network, checkedAt: new Date(Math.min(now.getTime(), hour.getTime() + 3_600_000)), ok: true, failures: 0 }
}

function fresh(results: readonly NetworkResult[], now: Date): NetworkResult[] {
  return results.filter((result) => now.getTime() - result.checkedAt.getTime() <= STALE_AFTER_MS && result.checkedAt.getTime() <= now.getTime() + 60_000)
}

/**
 * The probes that can check a key, per network: the active probes of its country that said they check its protocol.
 * A network missing counts as one (a result from it proves a probe there).
 */
export type Witnesses = ReadonlyMap<string, number>

const NO_WITNESSES: Witnesses = new Map()

function witnessCount(witnesses: Witnesses, networks: Iterable<string>): number {
  let count = 0
  for (const network of new Set(networks)) count += Math.max(1, witnesses.get(network) ?? 0)
  return count
}

function verdict(recent: NetworkResult[], ownCheckPasses: boolean, witnesses: number): Reach {
  if (recent.length === 0) return 'untested'
  if (recent.some((result) => result.ok)) return 'works'
  // Each result is another probe's.
  const confirmed = witnesses >= 2 ? recent.length >= 2 : recent.some((result) => result.failures >= CONFIRM_FAILURES) || recent.length >= 2
  if (!confirmed) return 'untested'
  return ownCheckPasses ? 'blocked' : 'down'
}

/** What the probes of one country say of a key; `witnesses`: who else could have checked it (see Witnesses). */
export function reachOf(results: readonly NetworkResult[], ownCheckPasses: boolean, now: Date, witnesses: Witnesses = NO_WITNESSES): Reach {
  const recent = fresh(results, now)
  const networks = [...witnesses.keys(), ...recent.map((result) => result.network)]
  return verdict(recent, ownCheckPasses, witnessCount(witnesses, networks))
}

/** Each network's verdict, in the networks' alphabetical order. */
export function reachByNetwork(
  results: readonly NetworkResult[],
  ownCheckPasses: boolean,
  now: Date,
  witnesses: Witnesses = NO_WITNESSES,
): { network: string; reach: Reach; checkedAt: Date }[] {
  const networks = [...new Set(results.map((result) => result.network))].sort((a, b) => a.localeCompare(b, 'ru'))
  return networks.map((network) => {
    const own = results.filter((result) => result.network === network)
    return { network, reach: verdict(fresh(own, now), ownCheckPasses, witnessCount(witnesses, [network])), checkedAt: new Date(Math.max(...own.map((result) => result.checkedAt.getTime()))) }
  })
}

/**
 * The key's place among keys otherwise alike (lower first): proven where the visitors are, then untested there, then
 * one whose own last check (from abroad) failed; blocked and down keys are not listed there at all. A key that failed
 * its last check never comes before one that passed, whatever its expiry: a pass from the visitors' networks is the
 * check that counts most. A suspect key (taken many times, no traffic since: ./keyTakes.ts) goes one step down: a
 * proven one among the untested, an untested one after them, never below a key whose own check failed.
 */
export function reachRank(reach: Reach | null | undefined, ownLastCheckFailed: boolean, suspect = false): number {
  if (reach === 'blocked' || reach === 'down') return 4
  if (reach === 'works') return suspect ? 1 : 0
  if (ownLastCheckFailed) return 3
  return suspect ? 2 : 1
}

/**
 * The networks a key is blocked on: each whose own results confirm it, and when the whole country's verdict is
 * "blocked" (confirmed across networks), every network whose latest recent result failed.
 */
export function blockedNetworks(results: readonly NetworkResult[], ownCheckPasses: boolean, now: Date, witnesses: Witnesses = NO_WITNESSES): string[] {
  const countryBlocked = reachOf(results, ownCheckPasses, now, witnesses) === 'blocked'
  const recent = fresh(results, now)
  return reachByNetwork(results, ownCheckPasses, now, witnesses)
    .filter(({ network, reach }) => reach === 'blocked' || (countryBlocked && recent.some((result) => result.network === network && !result.ok)))
    .map(({ network }) => network)
}

/**
 * Where a subscriber's key on a VIP server goes in their subscription: servers whose test key works where the
 * visitors are first, then untested ones, blocked or down last (src/lib/probes/vipKeys.ts; the feed's SQL says the
 * same in src/lib/feeds/personalRead.ts).
 */
export function serverReachRank(state: Reach | null | undefined): number {
  if (state === 'works') return 0
  return state === 'blocked' || state === 'down' ? 2 : 1
}
