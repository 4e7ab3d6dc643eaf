// Shared constants of the end-to-end tests: user agents and the hosts the test server is started with.
export const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'
export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
export { FREE_KEYS_HOST, PRODUCTION_HOST } from '../helpers/testHosts'
export const RU = { 'user-agent': BROWSER_UA, 'accept-language': 'ru-RU,ru;q=0.9' }
