// Logging in and registering by e-mail link, in both languages, reading the link from the test SMTP server.
import { expect, test } from '@playwright/test'

import { latestMailTo, linkFromMail } from './mail'

let counter = 0
function newAddress(): string {
  counter += 1
  return `e2e${Date.now()}${counter}@mail.example.com`
}

test('registering: the e-mailed link opens a confirm page, and confirming signs in to the personal account', async ({ page }) => {
  const email = newAddress()
  await page.goto('/register')
  await expect(page.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute('href', '/privacy')
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
  await page.getByRole('textbox', { name: 'E-mail' }).fill('not an address')
  await page.getByRole('button', { name: 'Send me a login link' }).click()
  await expect(page.locator('#auth-error')).toHaveText('Invalid email')
})

test('the personal account sends visitors to log in and brings them back; logout ends the session', async ({ page }) => {
  await page.goto('/en/profile/subscription')
  await expect(page).toHaveURL(/\/en\/login\?next=%2Fen%2Fprofile%2Fsubscription$/)
  const email = newAddress()
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Send me a login link' }).click()
  await expect(page.getByTestId('link-sent')).toContainText('Check your e-mail')

  const mail = await latestMailTo(email)
  expect(mail.subject).toBe('Log in to VPN keys')
  await page.goto(linkFromMail(mail))
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(/\/en\/profile\/subscription$/)
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()

  // The cached public pages know the visitor is signed in: the header offers "Log out".
  await page.goto('/en/vless')
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible()
  await page.goto('/en/profile/servers')
  await expect(page).toHaveURL(/\/en\/login\?next=/)
})

test('changing the e-mail in the settings: confirm by link, success shown, the old address is told', async ({ page }) => {
  const email = newAddress()
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Получить ссылку для входа' }).click()
  await page.goto(linkFromMail(await latestMailTo(email)))
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(/\/profile\/servers$/)

  await page.getByRole('link', { name: 'Настройки' }).click()
  await expect(page.getByText(`Текущий e-mail: ${email}`)).toBeVisible()
  const newEmail = newAddress()
  await page.getByLabel('Новый e-mail').fill(newEmail)
  await page.getByRole('button', { name: 'Сменить e-mail' }).click()
  await expect(page.getByTestId('email-change-sent')).toContainText(newEmail)

  await page.goto(linkFromMail(await latestMailTo(newEmail)))
  await page.getByTestId('confirm-link').click()
  await expect(page).toHaveURL(/\/profile\/preferences\?email=changed$/)
  await expect(page.getByTestId('email-change-result')).toHaveText('E-mail успешно изменён')
  await expect(page.getByText(`Текущий e-mail: ${newEmail}`)).toBeVisible()
  expect((await latestMailTo(email)).subject).toContain('изменён')
})

test('deleting the account asks first, signs out, and logging in again offers to restore it', async ({ page }) => {
  const email = newAddress()
  await page.goto('/en/register')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.goto(linkFromMail(await latestMailTo(email)))
  await page.getByTestId('confirm-link').click()
  await page.goto('/en/profile/preferences')

  await page.getByRole('button', { name: 'Delete account' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure?')
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page).toHaveURL(/\/en$/)
  await page.goto('/en/profile/servers')
  await expect(page).toHaveURL(/\/en\/login\?next=/)
  expect((await latestMailTo(email)).subject).toBe('Your VPN keys account has been deleted')

  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Send me a login link' }).click()
  await expect(page.getByTestId('link-sent')).toBeVisible()
  await page.goto(linkFromMail(await latestMailTo(email)))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Restore your account?')
  await page.getByRole('button', { name: 'Restore account and log in' }).click()
  await expect(page).toHaveURL(/\/en\/profile\/servers$/)
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
})

test('a user who sets a password can log in with it', async ({ page }) => {
  const email = newAddress()
  await page.goto('/register')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email)
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click()
  await page.goto(linkFromMail(await latestMailTo(email)))
  await page.getByTestId('confirm-link').click()
  await page.goto('/profile/preferences')
  await page.getByLabel('Новый пароль').fill('correct horse battery')
  await page.getByRole('button', { name: 'Сохранить пароль' }).click()
  await expect(page.getByText('Пароль сохранён.')).toBeVisible()

  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/login')
  await page.getByText('Войти с паролем').click()
  const form = page.locator('.auth__password')
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Пароль').fill('wrong password!')
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(page.locator('#password-login-error')).toHaveText('Неверный e-mail или пароль.')
  await form.getByLabel('Пароль').fill('correct horse battery')
  await form.getByRole('button', { name: 'Войти' }).click()
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
