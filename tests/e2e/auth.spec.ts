// Logging in and registering by e-mail link, in both languages, reading the link from the test SMTP server.
import type { Locator, Page } from '@playwright/test'

import { islandsStarted, postForm } from './helpers'
import { latestMailTo, linkCode, linkFromMail } from './mail'
import { expect, test } from './test'

let counter = 0
function newAddress(): string {
  counter += 1
  return `e2e${Date.now()}${counter}@mail.example.com`
}

/**
 * A new address signed up and in the personal account: the requests the registration pages make (the form's, then its
 * e-mailed link's confirmation), from the page's context, whose cookies then hold the session; then the page the
 * confirmation leads to. The pages themselves are the first test's.
 */
async function signUp(page: Page, locale: 'ru' | 'en'): Promise<string> {
  const email = newAddress()
  await postForm(page, '/api/auth/request-link', { locale, email, purpose: 'register' })
  const landing = await postForm(page, '/api/auth/confirm', { locale, code: linkCode(await latestMailTo(email)) })
  expect(landing).toMatch(/\/profile\/servers$/)
  await page.goto(landing)
  return email
}

test('registering: the e-mailed link opens a confirm page, and confirming signs in to the personal account', async ({ page }) => {
  const email = newAddress()
  await page.goto('/register')
  await expect(page.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute('href', '/privacy')
  await islandsStarted(page)
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(page.getByTestId('link-sent')).toContainText('Проверьте почту')

  const mail = await latestMailTo(email)
  expect(mail.subject).toContain('Подтвердите регистрацию')
  await page.goto(linkFromMail(mail))
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(/\/profile\/servers$/)
  await expect(page.getByText(`Вы вошли как ${email}`)).toBeVisible()

  // The same link again: the 401 token_expired screen.
  await page.goto(linkFromMail(mail))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ссылка устарела')
})

test('an invalid address gets the localized message', async ({ page }) => {
  await page.goto('/en/login')
  await islandsStarted(page)
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not an address')
  await page.getByRole('button', { name: 'Send me a login link' }).click()
  await expect(page.locator('#auth-error')).toHaveText('Invalid email')
})

test('without JavaScript the login page still brings the visitor back to the page asked for, and its password form never puts the password in an address', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'ru-RU', extraHTTPHeaders: { 'cache-control': 'no-cache' } })
  const page = await context.newPage()
  const sent: string[] = []
  page.on('request', (request) => sent.push(request.url()))
  await page.goto('/profile/subscription')
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%2Fsubscription$/)
  // The password form waits for the page's script: its button, and so Enter, sends nothing.
  await page.getByText('Войти с паролем').click()
  const passwordForm = page.locator('.auth__password')
  await expect(passwordForm.getByRole('button', { name: 'Войти' })).toBeDisabled()
  await passwordForm.getByLabel('E-mail').fill('nobody@mail.example.com')
  await passwordForm.getByLabel('Пароль').fill(PASSWORD)
  await passwordForm.getByLabel('Пароль').press('Enter')
  // The e-mail link form posts itself; its link leads back to the page asked for.
  const email = newAddress()
  const linkForm = page.locator('form[data-link-form]')
  await linkForm.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await linkForm.getByRole('button', { name: 'Получить ссылку для входа' }).click()
  await expect(page).toHaveURL(/\/login\/sent$/)
  await page.goto(linkFromMail(await latestMailTo(email)))
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(/\/profile\/subscription$/)
  await expect(page.getByText(`Вы вошли как ${email}`)).toBeVisible()
  expect(sent.filter((url) => url.includes('horse'))).toEqual([])
  expect(sent.some((url) => url.includes('/login?next='))).toBe(true)
  await context.close()
})

const TEXT = {
  ru: {
    prefix: '',
    sendLogin: 'Получить ссылку для входа',
    sent: 'Проверьте почту',
    loginSubject: 'Вход на сайт VPN ключи',
    signedIn: 'Вы вошли как',
    logout: 'Выйти',
    login: 'Войти',
    settings: 'Настройки',
    subscriptionTitle: 'Подписка',
    confirmTitle: 'Подтвердите вход',
    registerTitle: 'Подтвердите регистрацию',
    emailChangeTitle: 'Подтвердите новый e-mail',
    current: 'Текущий e-mail:',
    newEmail: 'Новый e-mail',
    changeEmail: 'Сменить e-mail',
    changed: 'E-mail успешно изменён',
    oldAddressSubject: 'изменён',
    delete: 'Удалить аккаунт',
    sure: 'Вы уверены?',
    yesDelete: 'Да, удалить',
    deletedSubject: 'Ваш аккаунт на сайте VPN ключи удалён',
    restoreTitle: 'Восстановить аккаунт?',
    restore: 'Восстановить аккаунт и войти',
  },
  en: {
    prefix: '/en',
    sendLogin: 'Send me a login link',
    sent: 'Check your e-mail',
    loginSubject: 'Log in to VPN keys',
    signedIn: 'Signed in as',
    logout: 'Log out',
    login: 'Log in',
    settings: 'Settings',
    subscriptionTitle: 'Subscription',
    confirmTitle: 'Confirm login',
    registerTitle: 'Confirm your registration',
    emailChangeTitle: 'Confirm your new e-mail',
    current: 'Current e-mail:',
    newEmail: 'New e-mail',
    changeEmail: 'Change e-mail',
    changed: 'E-mail changed successfully',
    oldAddressSubject: 'was changed',
    delete: 'Delete account',
    sure: 'Are you sure?',
    yesDelete: 'Yes, delete',
    deletedSubject: 'Your VPN keys account has been deleted',
    restoreTitle: 'Restore your account?',
    restore: 'Restore account and log in',
  },
} as const

for (const locale of ['ru', 'en'] as const) {
  const text = TEXT[locale]
  const path = (to: string) => `${text.prefix}${to}`

  test(`[${locale}] the personal account sends visitors to log in and brings them back; logout ends the session`, async ({ page }) => {
    await page.goto(path('/profile/subscription'))
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/login\\?next=${encodeURIComponent(path('/profile/subscription'))}$`))
    const email = newAddress()
    await islandsStarted(page)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByRole('button', { name: text.sendLogin }).click()
    await expect(page.getByTestId('link-sent')).toContainText(text.sent)

    const mail = await latestMailTo(email)
    expect(mail.subject).toBe(text.loginSubject)
    await page.goto(linkFromMail(mail))
    // A new address: the page says it creates the account.
    await expect(page).toHaveTitle(text.registerTitle)
    await expect(page.getByRole('main')).toContainText(email)
    await page.getByTestId('confirm-link').click()
    await expect(page).toHaveURL(new RegExp(`${path('/profile/subscription')}$`))
    await expect(page.getByText(`${text.signedIn} ${email}`)).toBeVisible()
    await expect(page).toHaveTitle(text.subscriptionTitle)

    // The cached public pages know the visitor is signed in: the header offers "Log out".
    await page.goto(path('/vless'))
    await page.getByRole('banner').getByRole('button', { name: text.logout }).click()
    await expect(page).toHaveURL(new RegExp(`${text.prefix || ''}/?$`))
    await expect(page.getByRole('banner').getByRole('link', { name: text.login })).toBeVisible()
    await page.goto(path('/profile/servers'))
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/login\\?next=`))
    // The account exists now: its next link signs in, and the page says so.
    await islandsStarted(page)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByRole('button', { name: text.sendLogin }).click()
    await expect(page.getByTestId('link-sent')).toBeVisible()
    await page.goto(linkFromMail(await latestMailTo(email)))
    await expect(page).toHaveTitle(text.confirmTitle)
  })

  test(`[${locale}] changing the e-mail: confirm by link, success shown, the old address is told`, async ({ page }) => {
    const email = await signUp(page, locale)
    await page.getByRole('link', { name: text.settings }).click()
    await expect(page.getByText(`${text.current} ${email}`)).toBeVisible()
    const newEmail = newAddress()
    await page.getByLabel(text.newEmail).fill(newEmail)
    await page.getByRole('button', { name: text.changeEmail }).click()
    await expect(page.getByTestId('email-change-sent')).toContainText(newEmail)

    await page.goto(linkFromMail(await latestMailTo(newEmail)))
    await expect(page).toHaveTitle(text.emailChangeTitle)
    await expect(page.getByRole('main')).toContainText(newEmail)
    await page.getByTestId('confirm-link').click()
    await expect(page).toHaveURL(new RegExp(`${path('/profile/preferences')}\\?email=changed$`))
    await expect(page.getByTestId('email-change-result')).toHaveText(text.changed)
    await expect(page.getByText(`${text.current} ${newEmail}`)).toBeVisible()
    expect((await latestMailTo(email)).subject).toContain(text.oldAddressSubject)
  })

  test(`[${locale}] deleting the account asks first, signs out, and logging in again offers to restore it`, async ({ page }) => {
    const email = await signUp(page, locale)
    await page.goto(path('/profile/preferences'))
    await page.getByRole('button', { name: text.delete }).click()
    await expect(page.getByRole('alertdialog')).toContainText(text.sure)
    await page.getByRole('button', { name: text.yesDelete }).click()
    await expect(page.getByRole('banner').getByRole('link', { name: text.login })).toBeVisible()
    await page.goto(path('/profile/servers'))
    await expect(page).toHaveURL(new RegExp(`${text.prefix}/login\\?next=`))
    expect((await latestMailTo(email)).subject).toBe(text.deletedSubject)

    await islandsStarted(page)
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await page.getByRole('button', { name: text.sendLogin }).click()
    await expect(page.getByTestId('link-sent')).toBeVisible()
    await page.goto(linkFromMail(await latestMailTo(email)))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.restoreTitle)
    await page.getByRole('button', { name: text.restore }).click()
    await expect(page).toHaveURL(new RegExp(`${path('/profile/servers')}$`))
    await expect(page.getByText(`${text.signedIn} ${email}`)).toBeVisible()
  })
}

const PASSWORD = 'correct horse battery'

/** A new account that has set a password, signed in. */
async function signUpWithPassword(page: Page): Promise<string> {
  const email = await signUp(page, 'ru')
  await page.goto('/profile/preferences')
  await page.getByLabel('Новый пароль').fill(PASSWORD)
  await page.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(page.getByText('Пароль сохранён.')).toBeVisible()
  return email
}

/** The login page's password form, after a wrong password was refused (which says nothing about the account). */
async function passwordFormAfterWrongGuess(page: Page, email: string): Promise<Locator> {
  await page.goto('/login')
  await page.getByText('Войти с паролем').click()
  const form = page.locator('.auth__password')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Пароль').fill('wrong password!')
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(page.locator('#password-login-error')).toHaveText('Неверный e-mail или пароль.')
  return form
}

test('a user who sets a password can log in with it', async ({ page }) => {
  const email = await signUpWithPassword(page)
  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(/\/$/)
  const form = await passwordFormAfterWrongGuess(page, email)
  await form.getByLabel('Пароль').fill(PASSWORD)
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(page).toHaveURL(/\/profile\/servers$/)
  await expect(page.getByText(`Вы вошли как ${email}`)).toBeVisible()
})

test('a password login to an account being deleted says so, until when, and sends the link that restores it', async ({ page }) => {
  const email = await signUpWithPassword(page)
  await page.getByRole('button', { name: 'Удалить аккаунт' }).click()
  await page.getByRole('button', { name: 'Да, удалить' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Войти' })).toBeVisible()

  const form = await passwordFormAfterWrongGuess(page, email)
  await expect(page.getByTestId('restore-account')).toHaveCount(0)
  await form.getByLabel('Пароль').fill(PASSWORD)
  await form.getByRole('button', { name: 'Войти' }).click()
  const restore = page.getByTestId('restore-account')
  // 30 days from today, in Moscow's calendar.
  const until = new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: 'Europe/Moscow' }).format(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000))
  await expect(restore).toContainText(`Этот аккаунт удаляется. До ${until} его можно восстановить`)
  await expect(page.locator('#password-login-error')).toBeEmpty()
  await restore.getByRole('button', { name: 'Восстановить аккаунт' }).click()
  await expect(restore).toHaveText(`Ссылка отправлена на ${email}. Перейдите по ней, чтобы восстановить аккаунт.`)
  await page.goto(linkFromMail(await latestMailTo(email)))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Восстановить аккаунт?')
  await page.getByRole('button', { name: 'Восстановить аккаунт и войти' }).click()
  await expect(page).toHaveURL(/\/profile\/servers$/)
  await expect(page.getByText(`Вы вошли как ${email}`)).toBeVisible()
})

test('the header opens the login popup, which switches to registration and sends the link', async ({ page }) => {
  await page.goto('/vless')
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Вход' })).toBeVisible()
  await expect(page).toHaveURL(/\/vless$/)
  await dialog.getByRole('button', { name: 'Нет аккаунта? Зарегистрируйтесь' }).click()
  await expect(dialog.getByRole('heading', { name: 'Регистрация' })).toBeVisible()
  const email = newAddress()
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await expect(dialog.getByTestId('link-sent')).toContainText('Проверьте почту')
  expect((await latestMailTo(email)).subject).toContain('Подтвердите регистрацию')
})

for (const locale of ['ru', 'en'] as const) {
  test(`[${locale}] the login popup on the site opened at another address says where to open it, not "something went wrong"`, async ({ page, baseURL }) => {
    const text = {
      ru: { prefix: '', login: 'Войти', send: 'Получить ссылку для входа', refused: `Форма отправлена не со страницы сайта и не принята. Откройте сайт по адресу ${baseURL} и попробуйте ещё раз.` },
      en: { prefix: '/en', login: 'Log in', send: 'Send me a login link', refused: `The form was not sent from a page of this site and was not accepted. Open the site at ${baseURL} and try again.` },
    }[locale]
    // As a browser posts from the site reached at another address (an IP, an old domain): that page's origin.
    // (The browser will not let a page's script change Origin: the request is sent on from here with it.)
    await page.route('**/api/auth/request-link', async (route) => {
      const response = await route.fetch({ headers: { ...route.request().headers(), origin: 'http://203.0.113.7:8080' } })
      await route.fulfill({ response })
    })
    await page.goto(`${text.prefix}/vless`)
    await page.getByRole('banner').getByRole('link', { name: text.login }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(newAddress())
    await dialog.getByRole('button', { name: text.send }).click()
    await expect(dialog.locator('#auth-error')).toHaveText(text.refused)
  })
}
