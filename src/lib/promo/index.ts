// Promo codes as the checkout, the plans page and the bot ask about them: the code looked up (as typed, any case),
// its uses counted from the subscriptions bought with it, and the rules (./rules.ts) asked whether it applies.
import { createHmac, timingSafeEqual } from 'node:crypto'

import type { Payload, PayloadRequest } from 'payload'

import { env } from '@/lib/env'
import { idOf } from '@/lib/validation/recordId'

import type { PromoCode, Tariff } from '@/payload-types'

import { normalizePromoCode, promoRefusal } from './rules'
import type { PromoOffer, PromoRefusal, PromoRule } from './rules'

export type FoundPromo = { id: number; code: string; offer: PromoOffer }

export type PromoCheck = { ok: true; promo: FoundPromo } | { ok: false; refusal: PromoRefusal }

/** What the code gives, from the document's kind and its value; null when the value is missing. */
export function offerOf(doc: Pick<PromoCode, 'kind' | 'percentOff' | 'amountOffKopecks' | 'extraDays' | 'trialDays'>): PromoOffer | null {
  switch (doc.kind) {
    case 'percent':
      return typeof doc.percentOff === 'number' ? { kind: 'percent', percentOff: doc.percentOff } : null
    case 'amount':
      return typeof doc.amountOffKopecks === 'number' ? { kind: 'amount', amountOffKopecks: doc.amountOffKopecks } : null
    case 'days':
      return typeof doc.extraDays === 'number' ? { kind: 'days', extraDays: doc.extraDays } : null
    case 'trial':
      return typeof doc.trialDays === 'number' ? { kind: 'trial', trialDays: doc.trialDays } : null
    default:
      return null
  }
}

function ruleOf(doc: PromoCode, offer: PromoOffer): PromoRule {
  return {
    offer,
    active: doc.active !== false,
    plans: (doc.plans ?? []).map((plan) => idOf(plan)),
    startsAt: doc.startsAt ?? null,
    endsAt: doc.endsAt ?? null,
    maxUses: doc.maxUses ?? null,
    maxUsesPerBuyer: doc.maxUsesPerBuyer ?? null,
    firstPurchaseOnly: Boolean(doc.firstPurchaseOnly),
  }
}

/** The code's document, whatever case it was typed in; null for a code that is not one. */
export async function findPromo(payload: Payload, typed: unknown, req?: PayloadRequest): Promise<PromoCode | null> {
  const code = normalizePromoCode(typed)
  if (!code) return null
  const { docs } = await payload.find({ collection: 'promo-codes', where: { code: { equals: code } }, limit: 1, depth: 0, req })
  return docs[0] ?? null
}

async function usesOf(payload: Payload, promoId: number, userId: number | null, req?: PayloadRequest): Promise<{ total: number; buyer: number }> {
  const total = await payload.count({ collection: 'subscriptions', where: { 'promo.code': { equals: promoId } }, req })
  const buyer = userId ? await payload.count({ collection: 'subscriptions', where: { and: [{ 'promo.code': { equals: promoId } }, { user: { equals: userId } }] }, req }) : { totalDocs: 0 }
  return { total: total.totalDocs, buyer: buyer.totalDocs }
}

export type PromoBuyer = {
  /** The buyer's account, when it has one. */
  userId: number | null
  /** No subscription before this one (the trial is theirs). */
  firstPurchase: boolean
}

/** The buyer as the rules see them: their account, and whether it has never had a subscription (no account: a first purchase). */
export async function promoBuyerOf(payload: Payload, userId: number | null): Promise<PromoBuyer> {
  if (!userId) return { userId: null, firstPurchase: true }
  const earlier = await payload.count({ collection: 'subscriptions', where: { user: { equals: userId } } })
  return { userId, firstPurchase: earlier.totalDocs === 0 }
}

/**
 * Whether `typed` applies to buying `plan`: for a stranger (`buyer` null: an address nobody has confirmed yet) only
 * what the code itself allows; for a known buyer, their own uses and history too.
 */
export async function checkPromo(payload: Payload, typed: unknown, { plan, buyer, now = new Date(), req }: { plan: Pick<Tariff, 'id' | 'trialDays'>; buyer: PromoBuyer | null; now?: Date; req?: PayloadRequest }): Promise<PromoCheck> {
  const doc = await findPromo(payload, typed, req)
  const offer = doc ? offerOf(doc) : null
  if (!doc || !offer) return { ok: false, refusal: 'invalid' }
  const uses = await usesOf(payload, doc.id, buyer?.userId ?? null, req)
  const refusal = promoRefusal(ruleOf(doc, offer), {
    planId: plan.id,
    planHasTrial: plan.trialDays > 0,
    now,
    usesTotal: uses.total,
    buyer: buyer ? { uses: uses.buyer, firstPurchase: buyer.firstPurchase } : null,
  })
  return refusal ? { ok: false, refusal } : { ok: true, promo: { id: doc.id, code: doc.code, offer } }
}

/**
 * The proof that the site itself sent a buyer to the success page with this plan and code (the checkout signs the
 * address): without it the page would tell anyone, without limit, whether a code exists and what it gives.
 */
export function promoProof(plan: number | string, code: string): string {
  const secret = env().PAYLOAD_SECRET ?? 'development-secret-for-promo-proofs'
  return createHmac('sha256', secret).update(`promo-success:${plan}:${code}`).digest('base64url').slice(0, 22)
}

/**
 * What a code gives, for restating terms already agreed (the success page): the code's offer whatever its limits now,
 * since the buyer paid while it applied; null for a code that is not one, or an address the checkout did not sign.
 */
export async function promoOffer(payload: Payload, typed: unknown, { plan, proof }: { plan: string; proof: unknown }): Promise<FoundPromo | null> {
  const code = normalizePromoCode(typed)
  if (!code || typeof proof !== 'string') return null
  const expected = Buffer.from(promoProof(plan, code))
  const given = Buffer.from(proof)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const doc = await findPromo(payload, code)
  const offer = doc ? offerOf(doc) : null
  return doc && offer ? { id: doc.id, code: doc.code, offer } : null
}
