// The task families of a generated set: RULER's synthetic needle tasks that need no outside
// data, and multi-hop chains of facts. Each family makes the needles (sentences to hide in the
// haystack, at depths it asks for), the question and the gold answers of one row.
import type { Random } from './random.ts';
import { VALUE_KINDS, type Strings } from './values.ts';

/** The families whose facts are needles hidden in the haystack. */
export const NEEDLE_FAMILIES = [
  'niah_single',
  'niah_multikey',
  'niah_multivalue',
  'niah_multiquery',
  'vt',
  'multihop',
] as const;
export type NeedleFamily = (typeof NEEDLE_FAMILIES)[number];
/** Every family: the needle ones, then the word lists made from the haystack's vocabulary. */
export const TASK_FAMILIES = [...NEEDLE_FAMILIES, 'cwe', 'fwe'] as const;
export type TaskFamily = (typeof TASK_FAMILIES)[number];

/** One needle: a whole sentence, and where in the haystack it should go (0 start, 1 end). */
export interface NeedlePlan {
  text: string;
  depth: number;
}

/** What a family makes for one row, before the needles are placed. */
export interface TaskInstance {
  needles: NeedlePlan[];
  input: string;
  /** Gold first: what `memagent eval` scores with EM, sub-EM and F1. */
  answers: string[];
  /** For string-match-all tasks: every string the answer must contain. */
  outputs?: string[];
}

const fact = (key: string, value: string) => `One of the special codes of ${key} is: ${value}.`;
const question = (key: string) => `What is the special code of ${key}?`;

/** Makes one row of `family` from `rng` and `strings` (which keep every string unique). */
export function makeTask(family: NeedleFamily, rng: Random, strings: Strings): TaskInstance {
  const kind = rng.pick(VALUE_KINDS);
  switch (family) {
    case 'niah_single': {
      const key = strings.key();
      const value = strings.value(kind);
      return {
        needles: [{ text: fact(key, value), depth: rng.float() }],
        input: question(key),
        answers: [value],
      };
    }
    case 'niah_multikey': {
      // The asked key among three others of the same form: the model must tell them apart.
      const pairs = Array.from({ length: 4 }, () => [strings.key(), strings.value(kind)] as const);
      const [key, value] = pairs[0] as readonly [string, string];
      return {
        needles: pairs.map(([k, v]) => ({ text: fact(k, v), depth: rng.float() })),
        input: question(key),
        answers: [value],
      };
    }
    case 'niah_multivalue': {
      const key = strings.key();
      const values = Array.from({ length: 4 }, () => strings.value(kind));
      return {
        needles: values.map((v) => ({ text: fact(key, v), depth: rng.float() })),
        input: `What are all the special codes of ${key}? List every one.`,
        answers: [values.join(', ')],
        outputs: values,
      };
    }
    case 'niah_multiquery': {
      const keys = Array.from({ length: 4 }, () => strings.key());
      const values = keys.map(() => strings.value(kind));
      return {
        needles: keys.map((k, i) => ({ text: fact(k, values[i] as string), depth: rng.float() })),
        input: `What are the special codes of ${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}? Give one for each.`,
        answers: [values.join(', ')],
        outputs: values,
      };
    }
    case 'vt':
      return variableTracking(rng, strings);
    case 'multihop':
      return multiHop(rng, strings);
  }
}

/** Depths for a chain: sorted, so each assignment comes before the one that uses it. */
function orderedDepths(rng: Random, n: number): number[] {
  return Array.from({ length: n }, () => rng.float()).sort((a, b) => a - b);
}

/**
 * Variable tracking: `VAR A = 48213.` then `VAR B = VAR A.` ... (four hops), and a second chain
 * with another value as a distractor; the answer is every variable of the first chain.
 */
function variableTracking(rng: Random, strings: Strings): TaskInstance {
  const chain = (value: string) => {
    const names = Array.from({ length: 5 }, () => strings.variable());
    const depths = orderedDepths(rng, names.length);
    const needles = names.map((name, i) => ({
      text: i === 0 ? `VAR ${name} = ${value}.` : `VAR ${name} = VAR ${names[i - 1]}.`,
      depth: depths[i] as number,
    }));
    return { names, needles };
  };
  const value = strings.value('number');
  const target = chain(value);
  const distractor = chain(strings.value('number'));
  return {
    needles: [...target.needles, ...distractor.needles],
    input: `Which variables are assigned the value ${value}, directly or through other variables? Name all of them.`,
    answers: [target.names.join(', ')],
    outputs: target.names,
  };
}

const RELATIONS = ['mentor', 'neighbour', 'doctor', 'landlord', 'godparent', 'accountant'];

/**
 * A chain of two or three facts spread over the document ("A's mentor is B.", "B's doctor is
 * C.", "C was born in Þórvík."), plus a distractor birthplace; the question names only A and
 * the relations. One row in three asks a yes/no question about the birthplace instead.
 */
function multiHop(rng: Random, strings: Strings): TaskInstance {
  const hops = 2 + rng.int(2);
  const people = Array.from({ length: hops + 1 }, () => strings.person());
  const relations = Array.from({ length: hops }, () => rng.pick(RELATIONS));
  const place = strings.place();
  const decoy = strings.person();
  const decoyPlace = strings.place();
  const facts = relations.map((rel, i) => `${people[i]}'s ${rel} is ${people[i + 1]}.`);
  facts.push(`${people[hops]} was born in ${place}.`, `${decoy} was born in ${decoyPlace}.`);
  // "the doctor of the neighbour of Aldric Venn's mentor"
  let subject = `${people[0]}'s ${relations[0]}`;
  for (const rel of relations.slice(1)) subject = `the ${rel} of ${subject}`;
  const needles = rng.shuffled(facts).map((text) => ({ text, depth: rng.float() }));
  if (rng.int(3) === 0) {
    const truth = rng.int(2) === 0;
    return {
      needles,
      input: `Was ${subject} born in ${truth ? place : decoyPlace}? Answer yes or no.`,
      answers: [truth ? 'yes' : 'no'],
    };
  }
  return { needles, input: `In which town was ${subject} born?`, answers: [place] };
}
