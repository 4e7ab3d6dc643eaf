// Seed text of the support page (FAQ and how to reach support) in Russian and English.
import type { SeedPage } from '../pages'
import { heading, list, paragraph } from './blocks'

export const supportPage: SeedPage = {
  slug: 'support',
  title: { ru: 'Поддержка', en: 'Support' },
  body: {
    ru: [
      paragraph(
        'Здесь собраны ответы на самые частые вопросы. Если не нашли свой, напишите нам на {supportEmail} — поможем разобраться.',
      ),

      heading('Как пользоваться бесплатным ключом?'),
      list(
        'Выберите страну и протокол в поиске на главной странице или откройте страницу нужного протокола.',
        'Нажмите «Подробнее», чтобы увидеть параметры подключения, QR-код и ссылки на приложения, или «Копировать», чтобы сразу скопировать ключ.',
        'Установите приложение, которое подходит для протокола ключа (список ниже).',
        'Добавьте ключ в приложение: вставьте его из буфера обмена, отсканируйте QR-код или откройте скачанный файл конфигурации.',
        'Включите подключение в приложении.',
      ),
      paragraph('В таблице ключей видно, сколько часов ещё будет работать каждый ключ.'),

      heading('Какое приложение нужно для каждого протокола?'),
      list(
        'VLESS и Trojan: v2rayNG (Android), Hiddify (Android, iOS, macOS, Windows), Streisand (iOS, macOS), v2rayN (Windows).',
        'Outline (Shadowsocks): Outline Client для Android, iOS, macOS и Windows.',
        'WireGuard: официальное приложение WireGuard — импортируйте файл конфигурации или отсканируйте QR-код.',
        'OpenVPN: OpenVPN Connect — импортируйте скачанный файл .ovpn.',
        'SSTP: встроенный VPN-клиент Windows, отдельное приложение не нужно (инструкция ниже).',
      ),
      paragraph('Ссылки на приложения для вашего устройства есть в карточке каждого ключа.'),

      heading('Как подключиться по SSTP в Windows?'),
      list(
        'Откройте «Параметры» → «Сеть и Интернет» → «VPN» и нажмите «Добавить VPN».',
        'В поле «Поставщик услуг VPN» выберите «Windows (встроенные)», в поле «Тип VPN» — «Протокол SSTP».',
        'В поле «Имя или адрес сервера» укажите сервер из карточки ключа.',
        'В поле «Тип данных для входа» выберите «Имя пользователя и пароль», введите логин и пароль из карточки ключа и сохраните подключение.',
        'Выберите созданное подключение и нажмите «Подключиться».',
      ),

      heading('Почему ключ перестал работать?'),
      paragraph(
        'Чаще всего у бесплатного ключа просто закончился срок действия: бесплатные ключи обновляются каждые 24 часа. Зайдите на сайт, возьмите свежий ключ и добавьте его в приложение вместо старого.',
      ),
      paragraph('Если ключ ещё действует, но подключиться не получается:'),
      list(
        'проверьте, что ключ скопирован целиком, без лишних пробелов;',
        'убедитесь, что приложение подходит для протокола ключа и обновлено до последней версии;',
        'попробуйте другой протокол или сервер в другой стране — в некоторых сетях отдельные протоколы блокируются;',
        'переключитесь с Wi-Fi на мобильный интернет или наоборот.',
      ),
      paragraph('VIP-ключи не обновляются раз в сутки: они работают всё время, пока активна подписка.'),

      heading('Чем VIP-подписка лучше бесплатных ключей?'),
      paragraph(
        'С VIP-подпиской вы получаете личные ключи на VIP-серверах, безлимитный трафик, до 10 устройств на одну подписку и серверы в более чем 50 странах. Любой тариф можно начать с пробного периода: 10 дней за 1 рубль. Если не отменить автопродление, после пробного периода спишется полная стоимость выбранного тарифа.',
      ),

      heading('Не приходит письмо для входа'),
      list(
        'Загляните в папки «Спам» и «Промоакции».',
        'Проверьте, нет ли опечатки в адресе.',
        'Открывайте ссылку из последнего письма: ссылки одноразовые и действуют ограниченное время.',
        'Если письма так и нет, напишите нам на {supportEmail}.',
      ),

      heading('Как отменить автопродление?'),
      paragraph(
        'В личном кабинете откройте раздел «Подписка» и отмените автопродление. Подписка продолжит работать до конца оплаченного периода, новых списаний не будет.',
      ),

      heading('Не прошла оплата'),
      paragraph(
        'Проверьте данные карты и наличие средств на ней и попробуйте ещё раз. Если ошибка повторяется, напишите нам и укажите адрес почты и примерное время платежа. Никогда не присылайте номер карты или CVC-код — мы их не запрашиваем.',
      ),

      heading('Как удалить учётную запись?'),
      paragraph(
        'Удалить учётную запись можно в настройках личного кабинета. Если передумаете, в течение 30 дней её можно восстановить: просто войдите снова по ссылке из письма и подтвердите восстановление.',
      ),

      heading('Как связаться с поддержкой?'),
      paragraph('Пишите на {supportEmail}. Чтобы мы помогли быстрее, укажите в письме:'),
      list(
        'адрес почты, на который зарегистрирована учётная запись, если она у вас есть;',
        'страну и протокол ключа;',
        'устройство, операционную систему и приложение, через которое вы подключаетесь;',
        'текст ошибки или снимок экрана.',
      ),
    ],

    en: [
      paragraph(
        'Here are answers to the questions we hear most often. If yours is not covered, write to us at {supportEmail} and we will help you sort it out.',
      ),

      heading('How do I use a free key?'),
      list(
        'Pick a country and a protocol in the search on the home page, or open the page of the protocol you need.',
        'Press "Read more" to see the connection details, QR code and app links, or "Copy" to copy the key straight away.',
        'Install an app that supports the key\'s protocol (see the list below).',
        'Add the key to the app: paste it from the clipboard, scan the QR code or open the downloaded configuration file.',
        'Turn the connection on in the app.',
      ),
      paragraph('The key table shows how many hours each key has left.'),

      heading('Which app do I need for each protocol?'),
      list(
        'VLESS and Trojan: v2rayNG (Android), Hiddify (Android, iOS, macOS, Windows), Streisand (iOS, macOS), v2rayN (Windows).',
        'Outline (Shadowsocks): Outline Client for Android, iOS, macOS and Windows.',
        'WireGuard: the official WireGuard app — import the configuration file or scan the QR code.',
        'OpenVPN: OpenVPN Connect — import the downloaded .ovpn file.',
        'SSTP: the VPN client built into Windows, no extra app needed (see below).',
      ),
      paragraph('Each key\'s details include download links to the apps for your device.'),

      heading('How do I connect over SSTP on Windows?'),
      list(
        'Open Settings → Network & Internet → VPN and click "Add VPN".',
        'Set "VPN provider" to "Windows (built-in)" and "VPN type" to "Secure Socket Tunneling Protocol (SSTP)".',
        'Enter the server from the key\'s details in "Server name or address".',
        'Set "Type of sign-in info" to "User name and password", enter the login and password from the key\'s details and save.',
        'Select the new connection and click "Connect".',
      ),

      heading('Why did my key stop working?'),
      paragraph(
        'Most often a free key has simply expired: free keys are refreshed every 24 hours. Come back to the site, take a fresh key and add it to your app in place of the old one.',
      ),
      paragraph('If the key is still valid but will not connect:'),
      list(
        'check that you copied the whole key, with no extra spaces;',
        'make sure the app supports the key\'s protocol and is up to date;',
        'try another protocol or a server in another country — some networks block particular protocols;',
        'switch from Wi-Fi to mobile data, or the other way round.',
      ),
      paragraph('VIP keys are not refreshed daily: they keep working for as long as your subscription is active.'),

      heading('What does VIP give me over free keys?'),
      paragraph(
        'A VIP subscription gives you personal keys on VIP servers, unlimited traffic, up to 10 devices per subscription and servers in 50+ countries. Every plan starts with a 10-day trial for 1 ruble. Unless you cancel auto-renewal, the full price of the chosen plan is charged when the trial ends.',
      ),

      heading('I did not get the sign-in e-mail'),
      list(
        'Check your Spam and Promotions folders.',
        'Make sure the address has no typos.',
        'Use the link from the most recent e-mail: links work only once and expire after a while.',
        'If the e-mail still does not arrive, write to us at {supportEmail}.',
      ),

      heading('How do I cancel auto-renewal?'),
      paragraph(
        'Open the Subscription section of your account and cancel auto-renewal. Your subscription keeps working until the end of the paid period, and you will not be charged again.',
      ),

      heading('My payment failed'),
      paragraph(
        'Check your card details and balance and try again. If it keeps failing, write to us with your e-mail address and the approximate time of the payment. Never send us your card number or CVC code — we will never ask for them.',
      ),

      heading('How do I delete my account?'),
      paragraph(
        'You can delete your account in your account settings. If you change your mind, it can be restored within 30 days: just log in again with the link we e-mail you and confirm the restore.',
      ),

      heading('How do I contact support?'),
      paragraph('Write to {supportEmail}. To help us help you faster, please include:'),
      list(
        'the e-mail address of your account, if you have one;',
        'the country and protocol of the key;',
        'your device, operating system and the app you connect with;',
        'the error message or a screenshot.',
      ),
    ],
  },
}
