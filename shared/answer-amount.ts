// Amounts as answers write them: €1,000,000; USD 2.5 million; 1.000.000 EUR; £500k; CHF 10'000;
// 2,500,000 euros; $1.5m (the "$" kept as written: US, Canadian and Australian contracts all
// use it).
import { NUMBER_PATTERN, readDigits } from './answer-numbers.ts';
import type { AmountValue } from './answer-value.ts';

/** Signs that name one currency. */
const SIGNS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
  '₫': 'VND',
  '₴': 'UAH',
  '₦': 'NGN',
  '฿': 'THB',
  US$: 'USD',
  A$: 'AUD',
  AU$: 'AUD',
  C$: 'CAD',
  CA$: 'CAD',
  HK$: 'HKD',
  S$: 'SGD',
  NZ$: 'NZD',
  R$: 'BRL',
  MX$: 'MXN',
};
/** Signs several currencies share: kept as written. */
const SHARED_SIGNS = ['$', '¥', '元', 'kr', 'Fr.', 'Rs.', 'Rs'];
/** Words that name one currency. */
const WORDS: Record<string, string> = {
  euros: 'EUR',
  euro: 'EUR',
  'pounds sterling': 'GBP',
  'pound sterling': 'GBP',
  sterling: 'GBP',
  'us dollars': 'USD',
  'u.s. dollars': 'USD',
  'united states dollars': 'USD',
  'canadian dollars': 'CAD',
  'australian dollars': 'AUD',
  'swiss francs': 'CHF',
  yen: 'JPY',
  'japanese yen': 'JPY',
  rupees: 'INR',
  'indian rupees': 'INR',
  renminbi: 'CNY',
  yuan: 'CNY',
};
/** ISO 4217 codes written in capitals. */
const CODES = [
  'EUR',
  'USD',
  'GBP',
  'JPY',
  'CHF',
  'CNY',
  'RMB',
  'AUD',
  'CAD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'INR',
  'SGD',
  'HKD',
  'NZD',
  'ZAR',
  'BRL',
  'MXN',
  'KRW',
  'RUB',
  'TRY',
  'ILS',
  'AED',
  'SAR',
  'RON',
  'BGN',
  'ISK',
  'THB',
  'TWD',
  'MYR',
  'IDR',
  'PHP',
  'VND',
  'UAH',
  'NGN',
  'EGP',
  'KES',
];

const SCALES: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  millions: 1e6,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  trillion: 1e12,
  // Japanese and Chinese count in ten-thousands: 3,000万 is thirty million.
  万: 1e4,
  億: 1e8,
  亿: 1e8,
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const byLength = (a: string, b: string) => b.length - a.length;
const CURRENCY = [...Object.keys(SIGNS), ...SHARED_SIGNS, ...Object.keys(WORDS), ...CODES]
  .sort(byLength)
  .map(escape)
  .join('|');
const SCALE = Object.keys(SCALES).sort(byLength).join('|');

const AMOUNT = new RegExp(
  String.raw`(?:(?<![a-z])(${CURRENCY})\s?)?(${NUMBER_PATTERN})(?:\s?(${SCALE})(?![a-z]))?(?:\s?(${CURRENCY})(?![a-z]))?`,
  'gi',
);

/** The currency a written sign, code or word names: an ISO code, or the sign kept. */
function currencyOf(
  written: string | undefined,
): Pick<AmountValue, 'currency' | 'symbol'> | undefined {
  if (written === undefined) return undefined;
  if (SIGNS[written] !== undefined) return { currency: SIGNS[written] };
  const upper = written.toUpperCase();
  if (CODES.includes(written)) return { currency: written === 'RMB' ? 'CNY' : written };
  if (CODES.includes(upper)) return undefined; // "eur" in lower case is a word, not a code
  const word = WORDS[written.toLowerCase()];
  if (word !== undefined) return { currency: word };
  const shared = SHARED_SIGNS.find((s) => s.toLowerCase() === written.toLowerCase());
  return shared === undefined ? undefined : { symbol: shared };
}

/**
 * The first amount with a currency the answer writes; or, when the whole answer is a number
 * ("1,000,000", "2.5 million"), that number without one. A number in prose without a currency
 * ("150% of the fees paid in 12 months") is not an amount and gives undefined.
 */
export function readAmount(text: string): AmountValue | undefined {
  const whole = text.trim().replace(/\.$/, '');
  AMOUNT.lastIndex = 0;
  for (let m = AMOUNT.exec(text); m !== null; m = AMOUNT.exec(text)) {
    const [written, before, digits = '', scaleWord, after] = m;
    const scale = scaleWord === undefined ? 1 : SCALES[scaleWord.toLowerCase()]!;
    const number = readDigits(digits);
    if (number === undefined) continue;
    const currency = currencyOf(before) ?? currencyOf(after);
    if (currency === undefined && written.trim() !== whole) continue;
    const amount = Math.round(number * scale * 100) / 100;
    return { kind: 'amount', amount, ...currency, written: written.trim() };
  }
  return undefined;
}
