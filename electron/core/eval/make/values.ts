// The strings needles carry: keys, values, variable names, people and places. Values are
// deliberately awkward to copy (diacritics and other scripts, punctuation, long numbers), so a
// set measures whether a model keeps a fact exactly, and whether the scoring survives them.
import { CoreError } from '../../errors.ts';
import type { Random } from './random.ts';

const ADJECTIVES = [
  'amber',
  'brisk',
  'cobalt',
  'dusky',
  'elder',
  'fallow',
  'gilded',
  'hollow',
  'ivory',
  'jaunty',
  'knotted',
  'lunar',
  'mossy',
  'nimble',
  'ochre',
  'pallid',
  'quiet',
  'russet',
  'sable',
  'tawny',
  'umber',
  'vernal',
  'wistful',
  'yellowed',
  'zealous',
];
const NOUNS = [
  'anchor',
  'badger',
  'candle',
  'dormouse',
  'ember',
  'ferry',
  'gannet',
  'harbour',
  'inkwell',
  'juniper',
  'kestrel',
  'lantern',
  'marten',
  'nettle',
  'orchard',
  'pewter',
  'quarry',
  'rampart',
  'spindle',
  'thimble',
  'upland',
  'vessel',
  'willow',
  'yarrow',
  'zither',
];
// Place-name parts with diacritics, so a gold answer is never plain ASCII by accident.
const PLACE_HEADS = ['Ær', 'Łó', 'Þór', 'Øs', 'Sã', 'Gü', 'Čá', 'Ñu', 'Ší', 'Ýr', 'Åk', 'Ïl'];
const PLACE_TAILS = ['shöfn', 'dźwice', 'sbøl', 'vík', 'ñedo', 'ģeva', 'rësund', 'ký Dvůr', 'ørn'];
const OTHER_SCRIPTS = ['東京', 'Αθήνα', 'Москва', 'القاهرة', '서울', 'ירושלים', 'मुंबई'];
const GIVEN = [
  'Aldric',
  'Beatrix',
  'Cosmo',
  'Delphine',
  'Evander',
  'Fenella',
  'Gideon',
  'Hester',
  'Ingram',
  'Jocasta',
  'Lorcan',
  'Mirabel',
  'Niall',
  'Ottoline',
  'Peregrine',
  'Rosalind',
  'Sebastien',
  'Tamsin',
  'Ulrich',
  'Wilhelmina',
];
const FAMILY = [
  'Ashgrove',
  'Blackwood',
  'Carrow',
  'Dunmore',
  'Everleigh',
  'Fairbairn',
  'Greaves',
  'Holloway',
  'Inchbald',
  'Kilbride',
  'Lockhart',
  'Marchbank',
  'Nethercott',
  'Pennick',
  'Quennell',
  'Ravensworth',
  'Stanier',
  'Thistlewood',
  'Vantongeren',
  'Wyvern',
];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The kinds of value a row's needles carry; each row picks one. */
export const VALUE_KINDS = ['number', 'unicode', 'punctuation', 'code'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/**
 * Makes strings no other needle of the row uses and the haystack does not contain, so each
 * answer has exactly one source in the context.
 */
export class Strings {
  private readonly used = new Set<string>();
  private readonly rng: Random;
  private readonly inHaystack: (s: string) => boolean;

  constructor(rng: Random, inHaystack: (s: string) => boolean) {
    this.rng = rng;
    this.inHaystack = inHaystack;
  }

  /** Calls `make` until its result is new (a haystack would have to hold thousands to fail). */
  private fresh(make: () => string): string {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const s = make();
      // Not even part of another string of the row: "4821390" inside "48213907" would let a
      // string-match-all answer pass with the wrong value.
      if ([...this.used].some((u) => u.includes(s) || s.includes(u)) || this.inHaystack(s))
        continue;
      this.used.add(s);
      return s;
    }
    throw new CoreError('Internal', 'No needle string could be made that the haystack lacks.', {
      hint: 'Please report it, with the haystack if you can share it.',
    });
  }

  /** A key such as `amber-kestrel`. */
  key(): string {
    return this.fresh(() => `${this.rng.pick(ADJECTIVES)}-${this.rng.pick(NOUNS)}`);
  }

  /** A value of the given kind: `48213907`, `Þórvík-31`, `O'Neill & Sons (No. 7)`, `ZX-4/7b`. */
  value(kind: ValueKind): string {
    const r = this.rng;
    return this.fresh(() => {
      switch (kind) {
        case 'number':
          return String(1_000_000 + r.int(99_000_000));
        case 'unicode':
          return r.int(3) === 0
            ? `${r.pick(OTHER_SCRIPTS)} ${10 + r.int(90)}`
            : `${this.placeName()}-${10 + r.int(90)}`;
        case 'punctuation':
          return r.pick([
            () => `O'Neill & Sons (No. ${1 + r.int(99)})`,
            () => `"${r.pick(NOUNS)}", said ${r.pick(GIVEN)}; ${r.int(1000)}%`,
            () => `${r.pick(GIVEN)}'s #${r.int(10_000)} [draft], v2`,
            () => `-${r.int(1000)}.${String(r.int(100)).padStart(2, '0')} €/m²`,
          ])();
        case 'code':
          return `${this.letters(2)}-${r.int(10)}/${r.int(100)}${r.pick(['a', 'b', 'c'])}`;
      }
    });
  }

  /** A made-up place name with diacritics (not a real town, so nothing but the needle says it). */
  place(): string {
    return this.fresh(() => this.placeName());
  }

  /** A made-up full name such as `Ottoline Carrow`. */
  person(): string {
    return this.fresh(() => `${this.rng.pick(GIVEN)} ${this.rng.pick(FAMILY)}`);
  }

  /** A variable name of five capital letters, as RULER's variable tracking uses. */
  variable(): string {
    return this.fresh(() => this.letters(5));
  }

  private placeName(): string {
    return `${this.rng.pick(PLACE_HEADS)}${this.rng.pick(PLACE_TAILS)}`;
  }

  private letters(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += LETTERS[this.rng.int(LETTERS.length)];
    return s;
  }
}
