// Site-wide settings editors change without a deploy: name, contacts, hosts, figures, client apps, banner.
import type { GlobalConfig } from 'payload'

import { anyone } from '../../collections/access/anyone'
import { staffOnly } from '../../collections/access/staffOnly'
import { revalidatePublicGlobal } from '../../collections/hooks/revalidatePublicData'
import { protocolOptions } from '../../collections/options'

export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: { ru: 'Настройки сайта', en: 'Site settings' },
  admin: { group: { ru: 'Сайт', en: 'Site' } },
  access: { read: anyone, update: staffOnly },
  hooks: { afterChange: [revalidatePublicGlobal] },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          label: { ru: 'Общее', en: 'General' },
          fields: [
            { name: 'siteName', label: { ru: 'Название сайта', en: 'Site name' }, type: 'text', required: true, localized: true },
            { name: 'supportEmail', label: { ru: 'E-mail поддержки', en: 'Support e-mail' }, type: 'email', required: true },
          ],
        },
        {
          label: { ru: 'Цифры и баннер', en: 'Figures and banner' },
          fields: [
            {
              type: 'row',
              fields: [
                {
                  name: 'claimedKeys',
                  label: { ru: 'Ключей (для VIP-рекламы)', en: 'Keys (VIP marketing)' },
                  type: 'number',
                  defaultValue: 500,
                  min: 0,
                },
                {
                  name: 'claimedCountries',
                  label: { ru: 'Стран (для VIP-рекламы)', en: 'Countries (VIP marketing)' },
                  type: 'number',
                  defaultValue: 50,
                  min: 0,
                },
              ],
            },
            {
              name: 'rating',
              label: { ru: 'Рейтинг на странице тарифов', en: 'Rating on the plans page' },
              type: 'group',
              admin: { description: { ru: 'Из отзывов покупателей; пустая оценка скрывает блок', en: 'From customer reviews; an empty score hides the block' } },
              fields: [
                {
                  type: 'row',
                  fields: [
                    { name: 'score', label: { ru: 'Оценка (из 5)', en: 'Score (of 5)' }, type: 'number', min: 1, max: 5 },
                    { name: 'reviews', label: { ru: 'Отзывов', en: 'Reviews' }, type: 'number', min: 0 },
                  ],
                },
              ],
            },
            {
              name: 'rotationTime',
              label: { ru: 'Время ежедневной смены бесплатных ключей (МСК)', en: 'Daily free-key rotation time (Moscow)' },
              type: 'text',
              defaultValue: '04:00',
              validate: (value: unknown) => !value || /^([01]\d|2[0-3]):[0-5]\d$/.test(String(value)) || 'ЧЧ:ММ / HH:MM',
              admin: { description: { ru: 'Новые ключи выдаются в это время, старые действуют ещё час', en: 'Fresh keys are issued at this time; the old ones stay valid for another hour' } },
            },
            {
              name: 'cancelDiscountPercent',
              label: { ru: 'Скидка при отмене автопродления, %', en: 'Discount offered on cancelling auto-renewal, %' },
              type: 'number',
              defaultValue: 30,
              min: 1,
              max: 90,
              admin: { description: { ru: 'Разовая скидка на следующий месяц, один раз на пользователя', en: 'One-time, on the next month, once per user' } },
            },
            {
              name: 'trialBanner',
              label: { ru: 'Баннер пробного периода', en: 'Trial banner' },
              type: 'group',
              fields: [
                { name: 'enabled', label: { ru: 'Показывать', en: 'Show' }, type: 'checkbox', defaultValue: true },
                { name: 'text', label: { ru: 'Текст', en: 'Text' }, type: 'text', localized: true },
              ],
            },
          ],
        },
        {
          label: { ru: 'Приложения', en: 'Client apps' },
          fields: [
            {
              name: 'clientApps',
              label: { ru: 'Приложения для подключения', en: 'Client apps' },
              labels: { singular: { ru: 'Приложение', en: 'App' }, plural: { ru: 'Приложения', en: 'Apps' } },
              type: 'array',
              admin: { initCollapsed: true, components: { RowLabel: '/components/admin/ArrayRowLabel#ArrayRowLabel' } },
              fields: [
                {
                  type: 'row',
                  fields: [
                    { name: 'protocol', label: { ru: 'Протокол', en: 'Protocol' }, type: 'select', options: protocolOptions, required: true },
                    {
                      name: 'platform',
                      label: { ru: 'Платформа', en: 'Platform' },
                      type: 'select',
                      required: true,
                      options: [
                        { value: 'ios', label: 'iOS' },
                        { value: 'android', label: 'Android' },
                        { value: 'macos', label: 'macOS' },
                        { value: 'windows', label: 'Windows' },
                      ],
                    },
                    { name: 'name', label: { ru: 'Название', en: 'Name' }, type: 'text', required: true },
                    { name: 'url', label: { ru: 'Ссылка', en: 'Link' }, type: 'text', required: true },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
}
