// Needle facts for the evidence benchmark: a sentence to insert into a real book, the question
// that asks for it, a paraphrase a model might write into its memory instead of a copy, and the
// answers a model gives (the value alone, or with a short phrase). Seeded, so rows repeat.

export interface Needle {
  fact: string;
  question: string;
  paraphrase: string;
  answers: string[];
}

/** A small seeded generator (LCG): the same rows every run. */
export function seeded(seed: number): (n: number) => number {
  let state = seed >>> 0 || 1;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
}

const PICK = {
  word: ['ALPHA', 'BRAVO', 'CEDAR', 'DELTA', 'EMBER', 'FALCON', 'GARNET', 'HARBOR', 'IVORY'],
  place: ['archive', 'vault', 'north tower', 'wine cellar', 'map room', 'old observatory'],
  name: ['Marguerite Olsen', 'Tobias Achterberg', 'Ines Calloway', 'Ravi Sundaram', 'Helga Brandt'],
  room: ['east laboratory', 'boiler room', 'chapel', 'greenhouse', 'print shop'],
  color: ['blue', 'green', 'copper', 'crimson', 'yellow', 'silver'],
  org: ['Hanseatic Beekeeping', 'Royal Cartographic', 'Baltic Lichen', 'Northern Clockmakers'],
  city: ['Tromsø', 'Valparaíso', 'Kraków', 'Hobart', 'Windhoek', 'Tartu', 'Oaxaca', 'Nagasaki'],
  month: ['January', 'March', 'April', 'June', 'September', 'November'],
  system: ['billing', 'telemetry', 'backup', 'mailing', 'ticketing'],
  island: ['Skomer', 'Lundy', 'Foula', 'Sable Island', 'Heligoland'],
  dog: ['Biscuit', 'Horatio', 'Pepperkorn', 'Maelstrom', 'Tuppence', 'Quillon'],
  title: ['Atlas of Forgotten Rivers', 'Lexicon of Tides', 'Almanac of Small Winds'],
  // Words the C++ book uses on every page: answers made of them are the hard case.
  container: ['vector', 'list', 'deque', 'map', 'set', 'stack'],
  type: ['string', 'pointer', 'object', 'function', 'iterator', 'template'],
};

type Pick = <K extends keyof typeof PICK>(key: K) => string;

const TEMPLATES: ((p: Pick, n: (k: number) => number) => Needle)[] = [
  (p, n) => {
    const place = p('place');
    const code = `${n(9) + 1}-${p('word')}-${n(90) + 10}`;
    return {
      fact: `The secret code of the ${place} is ${code}.`,
      question: `What is the secret code of the ${place}?`,
      paraphrase: `Secret code (${place}): ${code}`,
      answers: [code, `The code is ${code}.`, `${code}, as noted for the ${place}`],
    };
  },
  (p) => {
    const [name, room, color] = [p('name'), p('room'), p('color')];
    return {
      fact: `${name} keeps the spare key to the ${room} in a ${color} tin box under the stairs.`,
      question: `Where does ${name} keep the spare key to the ${room}?`,
      paraphrase: `${name}: spare ${room} key is kept in a ${color} tin box (under the stairs).`,
      answers: [`In a ${color} tin box under the stairs`, `a ${color} tin box`],
    };
  },
  (p) => {
    const [org, city, month] = [p('org'), p('city'), p('month')];
    return {
      fact: `The annual meeting of the ${org} Society is held in ${city} every ${month}.`,
      question: `Where is the annual meeting of the ${org} Society held?`,
      paraphrase: `${org} Society annual meeting -> ${city} (each ${month}).`,
      answers: [city, `In ${city}, every ${month}.`],
    };
  },
  (p, n) => {
    const [system, month] = [p('system'), p('month')];
    const count = String(n(9000) + 11);
    return {
      fact: `After the ${month} audit, the maximum retry count of the ${system} service was set to ${count}.`,
      question: `What was the maximum retry count of the ${system} service set to?`,
      paraphrase: `${system} service: max retry count = ${count} (since the ${month} audit)`,
      answers: [count, `It was set to ${count}.`],
    };
  },
  (p) => {
    const [island, dog] = [p('island'), p('dog')];
    return {
      fact: `The lighthouse keeper on ${island} named his dog ${dog}.`,
      question: `What did the lighthouse keeper on ${island} name his dog?`,
      paraphrase: `Lighthouse keeper (${island}) - dog's name: ${dog}`,
      answers: [dog, `His dog is called ${dog}.`],
    };
  },
  (p, n) => {
    const [title, month] = [p('title'), p('month')];
    const date = `${n(28) + 1} ${month} ${n(150) + 1820}`;
    return {
      fact: `The first edition of the ${title} was printed on ${date}.`,
      question: `When was the first edition of the ${title} printed?`,
      paraphrase: `${title}, first edition: printed ${date}`,
      answers: [date, `On ${date}.`],
    };
  },
  (p) => {
    const [container, type] = [p('container'), p('type')];
    return {
      fact: `The night-shift build server stores its nightly snapshots in a ${container} of ${type} handles.`,
      question: 'What does the night-shift build server store its nightly snapshots in?',
      paraphrase: `Night-shift build server: snapshots kept in a ${container} of ${type} handles.`,
      answers: [`a ${container} of ${type} handles`, `In a ${container} of ${type} handles.`],
    };
  },
  (p, n) => {
    const count = String(n(88) + 12);
    const month = p('month');
    return {
      fact: `Since ${month}, the embedded dialect reserves exactly ${count} keywords of its own.`,
      question: 'How many keywords of its own does the embedded dialect reserve?',
      paraphrase: `Embedded dialect: ${count} reserved keywords (since ${month}).`,
      answers: [count, `Exactly ${count}.`],
    };
  },
];

export const TEMPLATE_COUNT = TEMPLATES.length;

/** Row `row`'s needle: templates in turn, values from the seeded generator. */
export function needleFor(row: number, random: (n: number) => number): Needle {
  const pick: Pick = (key) => PICK[key][random(PICK[key].length)] ?? '';
  const template = TEMPLATES[row % TEMPLATES.length] as (typeof TEMPLATES)[number];
  return template(pick, random);
}
