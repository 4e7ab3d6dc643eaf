// Seed text of the user agreement page in Russian and English.
import type { SeedPage } from '../pages'
import { heading, list, paragraph } from './blocks'

export const userAgreementPage: SeedPage = {
  slug: 'user-agreement',
  title: { ru: 'Пользовательское соглашение', en: 'User Agreement' },
  body: {
    ru: [
      paragraph(
        'Это соглашение заключается между вами (пользователем) и сервисом {siteName} (далее — «сервис», «мы»). Оно устанавливает правила пользования сайтом, бесплатными ключами и VIP-подпиской. Пожалуйста, внимательно прочитайте его.',
      ),

      heading('1. Общие положения'),
      paragraph(
        'Пользуясь сайтом, вы принимаете условия соглашения. Регистрируясь или нажимая кнопку оплаты, вы также подтверждаете, что прочитали это соглашение и Политику конфиденциальности и согласны с ними. Если вы не согласны с каким-либо условием, не пользуйтесь сервисом.',
      ),
      paragraph('В соглашении используются следующие понятия:'),
      list(
        'Ключ — строка, файл конфигурации или набор параметров (сервер, порт, логин, пароль), с помощью которых приложение подключается к VPN-серверу.',
        'Бесплатные ключи — общедоступные ключи, опубликованные на сайте.',
        'VIP-подписка — платный доступ к VIP-серверам на выбранный срок: 1, 3, 6 или 12 месяцев.',
        'Личный кабинет — раздел сайта, где вы управляете учётной записью, подпиской и VIP-ключами.',
      ),

      heading('2. Учётная запись и вход'),
      paragraph(
        'Для регистрации достаточно адреса электронной почты. Вход выполняется по ссылке, которую мы присылаем на почту; вводить пароль при этом не нужно. На один адрес можно зарегистрировать только одну учётную запись.',
      ),
      paragraph(
        'Вы отвечаете за доступ к своему почтовому ящику: тот, кто может читать вашу почту, может войти и в ваш личный кабинет. Не пересылайте ссылки для входа другим людям.',
      ),

      heading('3. Бесплатные ключи'),
      paragraph(
        'Бесплатные ключи предоставляются «как есть», без гарантий скорости и доступности. Они обновляются каждые 24 часа: когда срок действия ключа истекает, он перестаёт работать, а на сайте появляется новый. Мы вправе в любой момент менять набор стран, протоколов и серверов, для которых публикуются бесплатные ключи.',
      ),

      heading('4. VIP-подписка'),
      paragraph('VIP-подписка включает:'),
      list(
        'безлимитный трафик;',
        'до 10 устройств на одну подписку — для каждого устройства в личном кабинете создаётся отдельный ключ;',
        'серверы в более чем 50 странах;',
        'личные ключи, которые действуют всё время, пока подписка активна.',
      ),
      paragraph(
        'Ключи VIP-подписки предназначены только для вас и ваших устройств. Передавать их посторонним, публиковать или перепродавать запрещено.',
      ),

      heading('5. Пробный период'),
      paragraph(
        'Любой тариф можно начать с пробного периода: 10 дней за 1 рубль. Во время пробного периода доступны все возможности VIP-подписки.',
      ),
      paragraph(
        'Если вы не отмените автопродление до конца пробного периода, после его окончания с привязанного способа оплаты автоматически спишется полная стоимость выбранного тарифа. Дата списания указана в личном кабинете, а перед окончанием пробного периода мы пришлём напоминание на почту.',
      ),
      paragraph(
        'Если отменить автопродление во время пробного периода, доступ сохранится до его окончания, а полная стоимость списана не будет. Пробный период нужен, чтобы познакомиться с сервисом; мы вправе отказать в повторном пробном периоде, если им пользуются, чтобы не платить за подписку.',
      ),

      heading('6. Оплата и автопродление'),
      paragraph(
        'Цены тарифов указаны в рублях на странице «Тарифы». Платежи принимает платёжный провайдер Stripe: данные карты вводятся на его защищённой странице, и мы никогда не видим номер вашей карты.',
      ),
      paragraph(
        'Подписка продлевается автоматически: в конце каждого оплаченного периода с привязанного способа оплаты списывается стоимость следующего периода той же длительности. Подписка активируется и продлевается только после того, как платёжный провайдер подтвердит оплату.',
      ),
      paragraph(
        'Если списание не прошло, мы сообщим об этом по почте. Пока оплата не поступит, доступ к VIP-серверам может быть приостановлен.',
      ),
      paragraph(
        'Об изменении цен мы сообщаем заранее. Новая цена действует со следующего периода и не затрагивает период, который уже оплачен.',
      ),

      heading('7. Отмена автопродления'),
      paragraph(
        'Отключить автопродление можно в любой момент в личном кабинете, в разделе «Подписка». После отмены подписка остаётся активной до конца оплаченного периода, а новых списаний больше не будет. При отмене мы можем предложить разовую скидку на следующий месяц — принимать её не обязательно.',
      ),
      paragraph(
        'Когда подписка заканчивается, VIP-ключи перестают работать. Возобновить подписку можно в любой момент в личном кабинете.',
      ),

      heading('8. Возврат средств'),
      paragraph(
        'Плата за начавшийся период, в том числе 1 рубль за пробный период, как правило, не возвращается: после отмены автопродления вы пользуетесь подпиской до конца оплаченного срока.',
      ),
      paragraph(
        'Если VIP-подписка не работала по нашей вине, напишите в поддержку на {supportEmail}. Мы разберёмся в ситуации и продлим подписку на время перерыва или вернём деньги за неиспользованную часть периода. Деньги возвращаются на тот же способ оплаты через платёжного провайдера.',
      ),
      paragraph('Это условие не ограничивает ваших прав, предусмотренных законодательством о защите прав потребителей.'),

      heading('9. Правила использования'),
      paragraph('Сервис запрещено использовать для:'),
      list(
        'любых действий, нарушающих закон;',
        'рассылки спама, фишинга и распространения вредоносных программ;',
        'атак на сети, сайты и серверы, включая инфраструктуру сервиса, а также сканирования портов и подбора паролей;',
        'нарушения авторских и иных прав третьих лиц;',
        'перепродажи и массовой раздачи VIP-ключей, а также автоматического сбора ключей с сайта, создающего чрезмерную нагрузку.',
      ),
      paragraph(
        'При нарушении этих правил мы вправе без предупреждения отозвать ключи и заблокировать учётную запись. При серьёзном нарушении плата за текущий период не возвращается.',
      ),

      heading('10. Ограничение ответственности'),
      paragraph('Сервис предоставляется «как есть». Мы стараемся, чтобы серверы работали быстро и без перебоев, но не гарантируем:'),
      list(
        'доступ к конкретным сайтам и сервисам;',
        'работу в любой сети: провайдер или администратор сети может ограничивать VPN-соединения;',
        'определённую скорость — она зависит от вашего подключения, загрузки сети и удалённости сервера;',
        'бесперебойную работу во время технического обслуживания и аварий.',
      ),
      paragraph(
        'Мы не несём ответственности за косвенные убытки и упущенную выгоду. В любом случае наша ответственность ограничена суммой, которую вы заплатили за текущий период подписки.',
      ),
      paragraph('Вы сами отвечаете за то, как пользуетесь сервисом, и за соблюдение законов страны, в которой находитесь.'),

      heading('11. Удаление учётной записи'),
      paragraph(
        'Удалить учётную запись можно в настройках личного кабинета. При удалении автопродление отключается, а неиспользованная часть оплаченного периода не возвращается. В течение 30 дней (1 месяца) учётную запись можно восстановить; после этого она и все связанные с ней данные удаляются безвозвратно.',
      ),

      heading('12. Изменение соглашения и контакты'),
      paragraph(
        'Мы можем изменять соглашение. Новая редакция публикуется на этой странице и действует с момента публикации; о существенных изменениях, особенно касающихся цен и оплаты, мы заранее сообщаем по почте. Продолжая пользоваться сервисом после изменений, вы соглашаетесь с новой редакцией.',
      ),
      paragraph('Разногласия мы стараемся решать путём переговоров. Вопросы и претензии присылайте на {supportEmail}.'),
    ],

    en: [
      paragraph(
        'This agreement is between you (the user) and {siteName} ("the service", "we", "us"). It sets out the rules for using the website, the free keys and the VIP subscription. Please read it carefully.',
      ),

      heading('1. General terms'),
      paragraph(
        'By using the website you accept this agreement. By registering or pressing the payment button you also confirm that you have read and agree to this agreement and our Privacy Policy. If you disagree with any part of it, please do not use the service.',
      ),
      paragraph('In this agreement:'),
      list(
        'A key is a string, a configuration file or a set of connection details (server, port, login, password) that an app uses to connect to a VPN server.',
        'Free keys are the publicly available keys published on the website.',
        'A VIP subscription is paid access to VIP servers for the period you choose: 1, 3, 6 or 12 months.',
        'Your account is the part of the website where you manage your profile, subscription and VIP keys.',
      ),

      heading('2. Your account and signing in'),
      paragraph(
        'All you need to register is an e-mail address. You sign in with a link we e-mail to you; no password is needed. Each e-mail address can have only one account.',
      ),
      paragraph(
        'You are responsible for keeping your mailbox secure: anyone who can read your e-mail can also sign in to your account. Do not forward sign-in links to anyone.',
      ),

      heading('3. Free keys'),
      paragraph(
        'Free keys are provided "as is", with no guarantee of speed or availability. They are refreshed every 24 hours: when a key expires it stops working and a new one appears on the website. We may change the countries, protocols and servers offered with free keys at any time.',
      ),

      heading('4. VIP subscription'),
      paragraph('A VIP subscription includes:'),
      list(
        'unlimited traffic;',
        'up to 10 devices per subscription, each with its own key created in your account;',
        'servers in 50+ countries;',
        'personal keys that keep working for as long as your subscription is active.',
      ),
      paragraph(
        'VIP keys are for you and your own devices only. Sharing them with others, publishing or reselling them is not allowed.',
      ),

      heading('5. Trial period'),
      paragraph(
        'Every plan starts with a 10-day trial for 1 ruble. During the trial you get all VIP features.',
      ),
      paragraph(
        'Unless you cancel auto-renewal before the trial ends, the full price of the plan you chose is charged automatically to your saved payment method when the trial is over. The charge date is shown in your account, and we will e-mail you a reminder before the trial ends.',
      ),
      paragraph(
        'If you cancel auto-renewal during the trial, you keep access until the trial ends and the full price is not charged. The trial is meant for trying the service out; we may refuse a repeat trial if it is being used to avoid paying for a subscription.',
      ),

      heading('6. Payments and auto-renewal'),
      paragraph(
        'Plan prices are listed in rubles on the Plans page. Payments are processed by our payment provider, Stripe: you enter your card details on its secure page, and we never see your card number.',
      ),
      paragraph(
        'Your subscription renews automatically: at the end of each paid period, the price of another period of the same length is charged to your saved payment method. A subscription is activated or renewed only once the payment provider confirms the payment.',
      ),
      paragraph(
        'If a payment fails, we will let you know by e-mail. Access to VIP servers may be suspended until the payment goes through.',
      ),
      paragraph(
        'We announce price changes in advance. A new price applies from your next period and never to a period you have already paid for.',
      ),

      heading('7. Cancelling auto-renewal'),
      paragraph(
        'You can turn off auto-renewal at any time in the Subscription section of your account. Your subscription then stays active until the end of the period you have paid for, and you will not be charged again. When you cancel, we may offer you a one-time discount on the next month; you are free to decline it.',
      ),
      paragraph(
        'When a subscription ends, its VIP keys stop working. You can subscribe again from your account at any time.',
      ),

      heading('8. Refunds'),
      paragraph(
        'Payments for a period that has already started, including the 1 ruble trial fee, are generally not refunded: after cancelling auto-renewal you keep using the subscription until the end of the paid period.',
      ),
      paragraph(
        'If your VIP subscription did not work through our fault, write to support at {supportEmail}. We will look into it and either extend your subscription by the length of the outage or refund the unused part of the period. Refunds go back to the original payment method through the payment provider.',
      ),
      paragraph('Nothing in this section limits your statutory rights as a consumer.'),

      heading('9. Acceptable use'),
      paragraph('You must not use the service for:'),
      list(
        'anything that breaks the law;',
        'sending spam, phishing or spreading malware;',
        'attacking networks, websites or servers, including our own infrastructure, port scanning or password guessing;',
        'infringing copyright or other rights of third parties;',
        'reselling or mass-distributing VIP keys, or automated collection of keys from the website that puts excessive load on it.',
      ),
      paragraph(
        'If you break these rules, we may revoke your keys and block your account without notice. For serious violations, the payment for the current period is not refunded.',
      ),

      heading('10. Limitation of liability'),
      paragraph('The service is provided "as is". We work hard to keep our servers fast and available, but we do not guarantee:'),
      list(
        'access to any particular website or service;',
        'that the service works on every network — your internet provider or network administrator may restrict VPN connections;',
        'any particular speed, which depends on your connection, network load and the distance to the server;',
        'uninterrupted operation during maintenance or outages.',
      ),
      paragraph(
        'We are not liable for indirect losses or lost profits. In any case, our liability is limited to the amount you paid for the current subscription period.',
      ),
      paragraph('You are responsible for how you use the service and for complying with the laws of the country you are in.'),

      heading('11. Deleting your account'),
      paragraph(
        'You can delete your account in your account settings. Deleting it turns off auto-renewal; the unused part of a paid period is not refunded. The account can be restored within 30 days (1 month); after that it is permanently deleted along with all data linked to it.',
      ),

      heading('12. Changes and contact'),
      paragraph(
        'We may change this agreement. The new version is published on this page and applies from the moment of publication; we notify you by e-mail in advance of significant changes, especially those concerning prices and payments. By continuing to use the service after a change, you accept the new version.',
      ),
      paragraph('We aim to settle any disagreement through negotiation. Please send questions and complaints to {supportEmail}.'),
    ],
  },
}
