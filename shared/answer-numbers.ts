// Numbers as answers write them: "1,000,000", "1.000.000", "2.5", "10'000", "1 000 000",
// "twelve", "twenty-four". Shared by the amount, duration and number readers.

/**
 * A number written with digits and separators. Plain spaces group only before exactly three
 * digits, so "5 100" is 5100 but "5 and 100" stays two numbers.
 */
export const NUMBER_PATTERN = String.raw`\d(?:[\d.,'’\u00a0\u202f]|\s(?=\d{3}(?!\d)))*\d|\d`;

const GROUP_MARKS = /['’\s\u00a0\u202f]/g;

/**
 * The value of a number written with digits, or undefined when its separators cannot be read
 * ("1.2.3", a clause number). Both `.` and `,` present: the last one is the decimal mark. One of
 * them several times: thousands groups. Once, before exactly three digits: thousands ("1,000",
 * "1.000", which is how English and German write a thousand; "3,000万" is thirty million);
 * otherwise the decimal mark ("2.5", "0,75").
 */
export function readDigits(written: string): number | undefined {
  const plain = written.replace(GROUP_MARKS, '');
  const dots = plain.split('.').length - 1;
  const commas = plain.split(',').length - 1;
  let group: string | undefined;
  let decimal: string | undefined;
  if (dots > 0 && commas > 0) {
    decimal = plain.lastIndexOf('.') > plain.lastIndexOf(',') ? '.' : ',';
    group = decimal === '.' ? ',' : '.';
    if (plain.split(decimal).length - 1 > 1) return undefined;
  } else if (dots + commas > 1) {
    group = dots > 0 ? '.' : ',';
  } else if (dots + commas === 1) {
    const mark = dots > 0 ? '.' : ',';
    const [whole = '', fraction = ''] = plain.split(mark);
    if (fraction.length === 3 && whole !== '0') group = mark;
    else decimal = mark;
  }
  const [integer = '', fraction] = decimal === undefined ? [plain] : plain.split(decimal);
  const groups = group === undefined ? [integer] : integer.split(group);
  if (
    group !== undefined &&
    groups.some((g, i) => (i === 0 ? g.length < 1 || g.length > 3 : g.length !== 3))
  )
    return undefined;
  const whole = groups.join('');
  if (!/^\d+$/.test(whole) || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
  const value = Number(fraction === undefined ? whole : `${whole}.${fraction}`);
  return Number.isFinite(value) ? value : undefined;
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** Number words up to ninety-nine, as legal drafting writes them ("twelve (12) months"). */
export const NUMBER_WORD_PATTERN = `(?:${Object.keys(TENS).join('|')})(?:[\\s-](?:${Object.keys(
  UNITS,
)
  .filter((w) => UNITS[w]! > 0 && UNITS[w]! < 10)
  .join('|')}))?|${Object.keys(UNITS).join('|')}`;

/** The value of number words ("twenty-four", "twelve"), or undefined. */
export function readNumberWords(written: string): number | undefined {
  const [first = '', second] = written.toLowerCase().split(/[\s-]+/);
  if (second === undefined) return UNITS[first] ?? TENS[first];
  const tens = TENS[first];
  const unit = UNITS[second];
  return tens !== undefined && unit !== undefined && unit < 10 ? tens + unit : undefined;
}
