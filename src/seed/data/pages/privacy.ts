// Seed text of the privacy policy page in Russian and English.
import type { SeedPage } from '../pages'
import { heading, list, paragraph } from './blocks'

export const privacyPage: SeedPage = {
  slug: 'privacy',
  title: { ru: 'Политика конфиденциальности', en: 'Privacy Policy' },
  body: {
    ru: [
      paragraph(
        'Эта политика объясняет, какие данные собирает сервис {siteName}, зачем они нужны, сколько мы их храним и как вы можете ими распоряжаться. Мы собираем только то, без чего сервис не может работать, и никому не продаём ваши данные.',
      ),

      heading('1. Общие положения'),
      paragraph(
        'Политика распространяется на сайт {siteName}, личный кабинет и письма, которые мы отправляем. Регистрируясь или оформляя подписку, вы соглашаетесь с обработкой данных на описанных здесь условиях.',
      ),
      paragraph(
        'Если вы не согласны с политикой, не регистрируйтесь и не оплачивайте подписку. Бесплатными ключами можно пользоваться и без учётной записи.',
      ),

      heading('2. Какие данные мы собираем'),
      paragraph(
        'Единственные персональные данные, которые мы у вас запрашиваем, — адрес электронной почты. Он нужен, чтобы вы могли входить в личный кабинет, оформить подписку и получать от нас письма.',
      ),
      paragraph('Кроме того, с учётной записью связаны сведения, которые появляются, когда вы пользуетесь сервисом:'),
      list(
        'тариф, даты начала и окончания подписки, история активаций и платежей;',
        'ваши VIP-ключи и названия устройств, если вы их указали;',
        'выбранный язык сайта и писем;',
        'краткое описание способа оплаты от платёжного провайдера: тип карты, последние четыре цифры номера и срок действия — чтобы вы могли узнать свою карту в личном кабинете.',
      ),

      heading('3. Чего мы не собираем'),
      list(
        'имя, номер телефона, почтовый адрес, паспортные данные и другие документы;',
        'полный номер банковской карты, CVC/CVV-код и другие реквизиты карты — их видит только платёжный провайдер;',
        'содержимое вашего трафика и список сайтов, которые вы открываете через наши серверы.',
      ),

      heading('4. Зачем нам эти данные'),
      list(
        'создать учётную запись и присылать ссылки для входа;',
        'оформлять, продлевать и обслуживать подписку, выдавать VIP-ключи;',
        'отправлять служебные письма: об оплате и активации подписки, о скором окончании пробного периода, о неудачном списании, о смене адреса почты и удалении учётной записи;',
        'отвечать на ваши обращения в поддержку;',
        'защищать сервис от злоупотреблений и мошенничества;',
        'присылать новости и специальные предложения — только если вы дали на это отдельное согласие.',
      ),

      heading('5. Файлы cookie'),
      paragraph(
        'Сайт использует только необходимые cookie: одна запоминает выбранный язык и хранится 365 дней, другая сохраняет вход в личный кабинет. Рекламных cookie мы не используем.',
      ),

      heading('6. Оплата'),
      paragraph(
        'Платежи принимает платёжный провайдер Stripe. Данные карты вы вводите на его защищённой странице, поэтому мы никогда не видим и не храним номер вашей карты. От провайдера мы получаем только статус платежа и краткое описание способа оплаты. Платёжные данные Stripe обрабатывает по собственной политике конфиденциальности.',
      ),

      heading('7. Кому мы передаём данные'),
      paragraph(
        'Мы не продаём и не сдаём в аренду ваши данные. Передаём их только тем, без кого сервис не может работать, и только в необходимом объёме:',
      ),
      list(
        'платёжному провайдеру Stripe — чтобы принимать оплату и продлевать подписку;',
        'сервису рассылки электронной почты — чтобы доставлять вам письма;',
        'хостинг-провайдерам, на серверах которых работают сайт и VPN-серверы.',
      ),
      paragraph('Помимо этого, данные могут быть раскрыты по законному требованию государственных органов — строго в пределах, установленных законом.'),

      heading('8. Сроки хранения и уничтожение данных'),
      paragraph('Мы храним данные, пока существует ваша учётная запись, и не дольше, чем нужно для целей, ради которых их собирали.'),
      list(
        'Удалённую учётную запись можно восстановить в течение 30 дней (1 месяца). После этого она удаляется окончательно — вместе с адресом почты и ключами.',
        'Когда цель обработки достигнута или вы отозвали согласие, мы уничтожаем данные в течение 30 дней, если закон не требует хранить их дольше.',
        'Если вы отказались от рассылки, данные, которые для неё использовались, уничтожаются в течение 2 дней после отзыва согласия.',
        'Если обнаружится, что данные получены незаконно, мы прекращаем их обработку и уничтожаем их в срок до 7 дней.',
      ),
      paragraph('Сведения о платежах, которые мы обязаны хранить по закону, хранятся в течение установленного срока и используются только для учёта и отчётности.'),

      heading('9. Ваши права'),
      paragraph('Вы можете:'),
      list(
        'узнать, какие ваши данные мы обрабатываем, и получить их копию;',
        'изменить адрес электронной почты в настройках личного кабинета;',
        'удалить учётную запись в настройках личного кабинета или попросить нас сделать это;',
        'отказаться от рассылки по ссылке в любом нашем письме или написав нам;',
        'отозвать согласие на обработку данных — в этом случае мы удалим учётную запись, потому что без адреса почты не сможем предоставлять подписку;',
        'обжаловать наши действия в уполномоченном органе по защите прав субъектов персональных данных или в суде.',
      ),
      paragraph('Чтобы воспользоваться этими правами, напишите на {supportEmail} с адреса, к которому привязана учётная запись.'),

      heading('10. Как мы защищаем данные'),
      paragraph(
        'Сайт работает только через защищённое соединение HTTPS. Ссылки для входа одноразовые и действуют недолго, а в базе данных хранятся не сами ссылки, а их хеши. Доступ к данным есть лишь у тех сотрудников, которым он нужен для работы. Мы никогда не просим прислать ссылку из письма, пароль или данные карты.',
      ),

      heading('11. Дети'),
      paragraph(
        'Сервис не предназначен для детей. Оформлять подписку могут совершеннолетние, а несовершеннолетние — только с согласия родителей или других законных представителей.',
      ),

      heading('12. Изменения политики и контакты'),
      paragraph(
        'Мы можем обновлять эту политику. Действующая редакция всегда опубликована на этой странице, а о существенных изменениях мы заранее сообщим по электронной почте. С вопросами о персональных данных пишите на {supportEmail}.',
      ),
    ],

    en: [
      paragraph(
        'This policy explains what data {siteName} collects, why we need it, how long we keep it and what control you have over it. We collect only what the service cannot work without, and we never sell your data.',
      ),

      heading('1. Scope'),
      paragraph(
        'This policy covers the {siteName} website, your personal account and the e-mails we send you. By registering or buying a subscription, you agree to your data being processed as described here.',
      ),
      paragraph(
        'If you do not agree with this policy, please do not register or buy a subscription. Free keys can be used without an account.',
      ),

      heading('2. Data we collect'),
      paragraph(
        'The only personal data we ask you for is your e-mail address. We need it to let you sign in to your account, to set up your subscription and to write to you.',
      ),
      paragraph('Your account also holds information that comes from using the service:'),
      list(
        'your plan, subscription start and end dates, activation and payment history;',
        'your VIP keys and any device names you give them;',
        'the language you chose for the site and e-mails;',
        'a short description of your payment method from the payment provider (card brand, last four digits and expiry date), so you can recognise your card in your account.',
      ),

      heading('3. Data we do not collect'),
      list(
        'your name, phone number, postal address, passport or any other documents;',
        'your full card number, CVC/CVV code or other card details — only the payment provider sees them;',
        'the content of your traffic or a list of the websites you visit through our servers.',
      ),

      heading('4. Why we use your data'),
      list(
        'to create your account and send you sign-in links;',
        'to set up, renew and manage your subscription and issue your VIP keys;',
        'to send service e-mails: payment and activation, trial ending soon, failed payment, e-mail address change and account deletion;',
        'to answer your support requests;',
        'to protect the service against abuse and fraud;',
        'to send news and special offers — only if you have separately agreed to receive them.',
      ),

      heading('5. Cookies'),
      paragraph(
        'The site uses strictly necessary cookies only: one remembers your language for 365 days, another keeps you signed in to your account. We do not use advertising cookies.',
      ),

      heading('6. Payments'),
      paragraph(
        'Payments are processed by our payment provider, Stripe. You enter your card details on its secure page, so we never see or store your card number. All we receive from Stripe is the payment status and a short description of the payment method. Stripe handles payment data under its own privacy policy.',
      ),

      heading('7. Who we share data with'),
      paragraph(
        'We do not sell or rent out your data. We share it only with the providers the service depends on, and only as much as they need:',
      ),
      list(
        'Stripe, our payment provider — to take payments and renew your subscription;',
        'an e-mail delivery service — to get our e-mails to you;',
        'hosting providers whose servers run the website and the VPN servers.',
      ),
      paragraph('We may also disclose data when lawfully required to by public authorities, and only to the extent the law requires.'),

      heading('8. Retention and deletion'),
      paragraph('We keep your data while your account exists and no longer than needed for the purposes it was collected for.'),
      list(
        'A deleted account can be restored within 30 days (1 month). After that it is removed for good, together with your e-mail address and keys.',
        'Once the purpose of processing has been achieved or you withdraw your consent, we destroy the data within 30 days, unless the law requires us to keep it longer.',
        'If you unsubscribe from marketing e-mails, the data used for them is destroyed within 2 days of your withdrawal of consent.',
        'If we find that data was obtained unlawfully, we stop processing it and destroy it within 7 days at most.',
      ),
      paragraph('Payment records we are legally required to keep are retained for the required period and used only for accounting and reporting.'),

      heading('9. Your rights'),
      paragraph('You can:'),
      list(
        'find out what data we hold about you and get a copy of it;',
        'change your e-mail address in your account settings;',
        'delete your account in your account settings, or ask us to do it;',
        'unsubscribe from marketing e-mails using the link in any of them or by writing to us;',
        'withdraw your consent to processing — we will then delete your account, since we cannot provide a subscription without an e-mail address;',
        'complain to the data protection authority or to a court.',
      ),
      paragraph('To exercise any of these rights, write to {supportEmail} from the e-mail address linked to your account.'),

      heading('10. How we protect your data'),
      paragraph(
        'The site is served over HTTPS only. Sign-in links work once and expire quickly, and our database stores only their hashes, never the links themselves. Only staff who need access for their work have it. We will never ask you to send us a sign-in link, a password or your card details.',
      ),

      heading('11. Children'),
      paragraph(
        'The service is not intended for children. Subscriptions may be bought by adults, and by minors only with the consent of a parent or legal guardian.',
      ),

      heading('12. Changes and contact'),
      paragraph(
        'We may update this policy. The current version is always published on this page, and we will notify you by e-mail in advance of any significant change. For any question about your personal data, write to {supportEmail}.',
      ),
    ],
  },
}
