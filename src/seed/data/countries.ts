// ISO 3166-1 alpha-2 country codes with Russian and English display names and emoji flags, for seeding countries.
export type CountryLocale = 'ru' | 'en'

/** All 249 officially assigned ISO 3166-1 alpha-2 codes, lower case. */
export const COUNTRY_CODES: readonly string[] = Object.freeze(
  (
    'ad ae af ag ai al am ao aq ar as at au aw ax az ' +
    'ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ' +
    'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz ' +
    'de dj dk dm do dz ' +
    'ec ee eg eh er es et ' +
    'fi fj fk fm fo fr ' +
    'ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy ' +
    'hk hm hn hr ht hu ' +
    'id ie il im in io iq ir is it ' +
    'je jm jo jp ' +
    'ke kg kh ki km kn kp kr kw ky kz ' +
    'la lb lc li lk lr ls lt lu lv ly ' +
    'ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz ' +
    'na nc ne nf ng ni nl no np nr nu nz ' +
    'om ' +
    'pa pe pf pg ph pk pl pm pn pr ps pt pw py ' +
    'qa ' +
    're ro rs ru rw ' +
    'sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz ' +
    'tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ' +
    'ua ug um us uy uz ' +
    'va vc ve vg vi vn vu ' +
    'wf ws ' +
    'ye yt ' +
    'za zm zw'
  ).split(' '),
)

/**
 * Names preferred over ICU's for page titles and selectors: ICU (CLDR 48) returns official-sounding or
 * qualified forms for these ("Hong Kong SAR China", "Конго - Киншаса", "Соединенные Штаты").
 * It also serves as the fallback where an ICU build has no name for a code.
 */
const PREFERRED_NAMES: Readonly<Record<string, Partial<Record<CountryLocale, string>>>> = {
  cd: { ru: 'ДР Конго', en: 'DR Congo' },
  cg: { ru: 'Республика Конго', en: 'Republic of the Congo' },
  hk: { ru: 'Гонконг', en: 'Hong Kong' },
  kr: { ru: 'Южная Корея' },
  mm: { ru: 'Мьянма', en: 'Myanmar' },
  mo: { ru: 'Макао', en: 'Macao' },
  ps: { ru: 'Палестина', en: 'Palestine' },
  um: { ru: 'Внешние малые острова США' },
  us: { ru: 'США' },
  vg: { ru: 'Британские Виргинские острова' },
  vi: { ru: 'Американские Виргинские острова' },
}

const displayNames: Partial<Record<CountryLocale, Intl.DisplayNames>> = {}

function icuName(code: string, locale: CountryLocale): string | undefined {
  const names = (displayNames[locale] ??= new Intl.DisplayNames(locale, {
    type: 'region',
    fallback: 'none',
  }))
  const name = names.of(code.toUpperCase())
  return name && name.toUpperCase() !== code.toUpperCase() ? name : undefined
}

// CLDR abbreviates in Russian ("о-ва Кука", "о-в Св. Елены") and uses "&" in English ("Antigua & Barbuda");
// titles read better with the full words.
function expandAbbreviations(name: string, locale: CountryLocale): string {
  if (locale === 'en') return name.replace(/ & /g, ' and ')
  const expanded = name
    .replace(/(^|\s)о-ва(?=\s|$)/g, '$1острова')
    .replace(/(^|\s)о-в(?=\s|$)/g, '$1остров')
    .replace(/(^|\s)Св\.\s/g, '$1Святой ')
  return expanded.charAt(0).toUpperCase() + expanded.slice(1)
}

const ASSIGNED = new Set(COUNTRY_CODES)

/** Display name of a country in Russian or English; the upper-case code for codes ISO has not assigned. */
export function countryName(code: string, locale: CountryLocale): string {
  const lower = code.toLowerCase()
  const preferred = PREFERRED_NAMES[lower]?.[locale]
  if (preferred) return preferred
  // ICU also names reserved and private-use codes ("ZZ" → "Unknown Region"); those are not countries.
  if (!ASSIGNED.has(lower)) return code.toUpperCase()
  const name = icuName(lower, locale)
  return name ? expandAbbreviations(name, locale) : lower.toUpperCase()
}
