// Editors' messages to the bot's users who asked for news, one language each (src/lib/bot/broadcasts.ts sends them).
// An editor writes a draft and sets it to "Отправить"; the job sends it and writes the report here; "Остановить"
// stops it. A sent or stopped broadcast is kept as it went (its text and report cannot change).
import type { CollectionConfig } from 'payload'
import { APIError } from 'payload'

import { adminT } from '@/lib/admin/adminMessages'
import { staffOnly } from '../access/staffOnly'

/** What an editor may move a broadcast to, from each state; the job moves it to `done`. */
const EDITOR_MOVES: Record<string, readonly string[]> = { draft: ['draft', 'sending'], sending: ['sending', 'cancelled'], done: ['done'], cancelled: ['cancelled'] }

const jobOnly = { create: () => false, update: () => false }

export const Broadcasts: CollectionConfig = {
  slug: 'broadcasts',
  labels: {
    singular: { ru: 'Рассылка в Telegram', en: 'Telegram broadcast' },
    plural: { ru: 'Рассылки в Telegram', en: 'Telegram broadcasts' },
  },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'language', 'status', 'report', 'startedAt'],
    group: { ru: 'Telegram', en: 'Telegram' },
    description: {
      ru: 'Сообщения пользователям бота, которые подписались на новости (кнопка «🔔 Новости» в боте). Каждая рассылка — на одном языке: её получат те, кто читает бота на этом языке. Напишите текст, выберите «Отправить» и сохраните; отчёт появится здесь.',
      en: 'Messages to the bot’s users who subscribed to news (“🔔 News” in the bot). Each broadcast is in one language: it reaches those who read the bot in that language. Write the text, choose “Send” and save; the report appears here.',
    },
  },
  defaultSort: '-createdAt',
  access: { read: staffOnly, create: staffOnly, update: staffOnly, delete: staffOnly },
  hooks: {
    beforeChange: [
      ({ data, originalDoc, req, context }) => {
        if (context.fromJob) return data
        const from = String(originalDoc?.status ?? 'draft')
        const to = String(data.status ?? from)
        if (!EDITOR_MOVES[from]?.includes(to)) throw new APIError(adminT(req)('broadcastStatus'), 400, undefined, true)
        // The text of a broadcast that has started is what went: it stays.
        if (from !== 'draft' && typeof data.text === 'string' && data.text !== originalDoc?.text) throw new APIError(adminT(req)('broadcastSent'), 400, undefined, true)
        return data
      },
    ],
  },
  fields: [
    { name: 'title', label: { ru: 'Название (только для редакторов)', en: 'Title (editors only)' }, type: 'text', required: true, maxLength: 200 },
    {
      type: 'row',
      fields: [
        {
          name: 'language',
          label: { ru: 'Язык', en: 'Language' },
          type: 'select',
          required: true,
          defaultValue: 'ru',
          options: [
            { value: 'ru', label: { ru: 'Русский', en: 'Russian' } },
            { value: 'en', label: { ru: 'Английский', en: 'English' } },
          ],
        },
        {
          name: 'status',
          label: { ru: 'Состояние', en: 'State' },
          type: 'select',
          required: true,
          defaultValue: 'draft',
          index: true,
          options: [
            { value: 'draft', label: { ru: 'Черновик', en: 'Draft' } },
            { value: 'sending', label: { ru: 'Отправить / отправляется', en: 'Send / sending' } },
            { value: 'done', label: { ru: 'Отправлена', en: 'Sent' } },
            { value: 'cancelled', label: { ru: 'Остановлена', en: 'Stopped' } },
          ],
          admin: {
            description: {
              ru: 'Чтобы отправить, выберите «Отправить» и сохраните. Чтобы остановить отправку, выберите «Остановлена».',
              en: 'To send, choose “Send” and save. To stop sending, choose “Stopped”.',
            },
          },
        },
      ],
    },
    {
      name: 'text',
      label: { ru: 'Текст сообщения', en: 'Message text' },
      type: 'textarea',
      required: true,
      maxLength: 3800,
      admin: {
        rows: 8,
        description: {
          ru: 'Простой текст, до 3800 знаков. Ссылки кликабельны. В конце бот добавит, как отписаться от новостей.',
          en: 'Plain text, up to 3,800 characters. Links are clickable. The bot adds how to stop the news at the end.',
        },
      },
    },
    {
      name: 'report',
      label: { ru: 'Отчёт', en: 'Report' },
      type: 'group',
      access: jobOnly,
      admin: { readOnly: true, condition: (data) => data?.status !== 'draft' },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'recipients', label: { ru: 'Получателей', en: 'Recipients' }, type: 'number', defaultValue: 0 },
            { name: 'sent', label: { ru: 'Доставлено', en: 'Sent' }, type: 'number', defaultValue: 0 },
            { name: 'blocked', label: { ru: 'Заблокировали бота', en: 'Blocked the bot' }, type: 'number', defaultValue: 0 },
            { name: 'failed', label: { ru: 'Не удалось', en: 'Failed' }, type: 'number', defaultValue: 0 },
          ],
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'startedAt', label: { ru: 'Начата', en: 'Started' }, type: 'date', access: jobOnly, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
        { name: 'finishedAt', label: { ru: 'Закончена', en: 'Finished' }, type: 'date', access: jobOnly, admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
      ],
    },
  ],
}
