// Probes: small programs operators and volunteers run inside the networks the site's visitors use (a VPS in Russia,
// a home PC on a Russian ISP, a box on a mobile network). Each asks the site which keys to check, checks them as an
// app would, and reports (src/app/api/probe, src/lib/probes). Admins register them and issue their tokens; staff read
// them. A token is shown once, when issued, and kept only as its hash.
import type { CollectionConfig } from 'payload'

import { adminOnly } from '../access/adminOnly'
import { staffOnly } from '../access/staffOnly'
import { issueProbeToken } from './issueToken'

const nobody = () => false

export const Probes: CollectionConfig = {
  slug: 'probes',
  labels: {
    singular: { ru: 'Проба', en: 'Probe' },
    plural: { ru: 'Пробы из сетей', en: 'Network probes' },
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'country', 'network', 'lastSeenAt', 'revokedAt'],
    group: { ru: 'Служебное', en: 'System' },
    description: {
      ru: 'Программы, которые проверяют ключи изнутри сетей посетителей (например, из России через МТС). Проба спрашивает сайт, какие ключи проверить, и сообщает, какие работают. Как запустить пробу — в docs/operating/probes.md.',
      en: 'Programs that check keys from inside the visitors’ networks (for example from Russia over MTS). A probe asks the site which keys to check and reports which work. How to run one: docs/operating/probes.md.',
    },
  },
  defaultSort: 'name',
  access: { read: staffOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  // A new token for the probe, shown once: the previous one stops working at once.
  endpoints: [{ path: '/:id/token', method: 'post', handler: issueProbeToken }],
  fields: [
    { name: 'name', label: { ru: 'Название', en: 'Name' }, type: 'text', required: true, maxLength: 80 },
    {
      type: 'row',
      fields: [
        {
          name: 'country',
          label: { ru: 'Страна (ISO 3166-1)', en: 'Country (ISO 3166-1)' },
          type: 'text',
          required: true,
          defaultValue: 'ru',
          index: true,
          admin: { description: { ru: 'Откуда проверяет проба: две латинские буквы, например ru', en: 'Where the probe checks from: two Latin letters, e.g. ru' } },
          hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
          validate: (value: unknown) => (typeof value === 'string' && /^[a-z]{2}$/.test(value) ? true : 'Two letters, e.g. ru / Две буквы, например ru'),
        },
        {
          name: 'network',
          label: { ru: 'Сеть', en: 'Network' },
          type: 'text',
          required: true,
          maxLength: 60,
          admin: { description: { ru: 'Как её увидят посетители, например «МТС, мобильный» или «Ростелеком, Москва»', en: 'As visitors will see it, e.g. “MTS, mobile” or “Rostelecom, Moscow”' } },
        },
      ],
    },
    {
      // A visitor whose address is in one of these systems is told they are on this network (src/lib/probes/visitorNetwork.ts).
      name: 'asns',
      label: { ru: 'Номера автономных систем (AS) сети', en: 'The network’s AS numbers' },
      type: 'text',
      maxLength: 200,
      admin: {
        description: {
          ru: 'Через запятую, например 8359 для МТС, 12389 для Ростелекома. Посетителю из этих сетей сайт покажет, какие ключи работали у его оператора (адрес не сохраняется).',
          en: 'Comma-separated, e.g. 8359 for MTS, 12389 for Rostelecom. Visitors from these networks are shown which keys worked on their operator (the address is not kept).',
        },
      },
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.replace(/\bAS/gi, '').replace(/\s+/g, '').replace(/,+/g, ',').replace(/^,|,$/g, '') || null : value)] },
      validate: (value: unknown) =>
        value === null || value === undefined || value === '' || (typeof value === 'string' && /^\d{1,10}(,\d{1,10})*$/.test(value))
          ? true
          : 'AS numbers separated by commas, e.g. 8359, 12389 / Номера AS через запятую, например 8359, 12389',
    },
    {
      name: 'token',
      type: 'ui',
      label: { ru: 'Токен', en: 'Token' },
      admin: { components: { Field: '/components/admin/ProbeToken#ProbeToken' } },
    },
    // Written only by the token endpoint above; read by nobody (the probe API looks it up with the Local API).
    { name: 'tokenHash', type: 'text', index: true, access: { read: nobody, create: nobody, update: nobody }, admin: { hidden: true } },
    { name: 'tokenIssuedAt', label: { ru: 'Токен выдан', en: 'Token issued' }, type: 'date', admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'revokedAt',
      label: { ru: 'Отключена', en: 'Revoked at' },
      type: 'date',
      index: true,
      admin: {
        position: 'sidebar',
        date: { pickerAppearance: 'dayAndTime' },
        description: { ru: 'С этого момента сайт не принимает её отчёты', en: 'From then on the site accepts none of its reports' },
      },
    },
    { name: 'lastSeenAt', label: { ru: 'Последний отчёт', en: 'Last seen' }, type: 'date', index: true, admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    {
      // VIP servers' test keys are working VIP keys: lent only to probes the operator runs, never to a volunteer's.
      name: 'checksVip',
      label: { ru: 'Проверяет VIP-серверы', en: 'Checks VIP servers' },
      type: 'checkbox',
      defaultValue: false,
      admin: {
        position: 'sidebar',
        description: {
          ru: 'Получает тестовые ключи VIP-серверов (сайт делает по одному на сервер и протокол). Только для своих проб: ключ рабочий.',
          en: 'Gets the VIP servers’ test keys (the site makes one per server and protocol). Only for your own probes: the key works.',
        },
      },
    },
    {
      // What the probe said it checks when it last asked for keys (it has no V2Ray: no vless). A failure is confirmed by
      // a second probe of the country that checks the protocol, when there is one (src/lib/probes/reach.ts).
      name: 'checks',
      label: { ru: 'Проверяет протоколы', en: 'Checks protocols' },
      type: 'text',
      access: { create: nobody, update: nobody },
      admin: { position: 'sidebar', readOnly: true },
    },
    {
      // The demo's simulated probes (`npm run dev`): their results are made up, and the admin says so.
      name: 'demo',
      label: { ru: 'Демо (результаты выдуманы)', en: 'Demo (made-up results)' },
      type: 'checkbox',
      defaultValue: false,
      admin: { position: 'sidebar', readOnly: true },
    },
  ],
}
