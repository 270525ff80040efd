// Japanese needle facts for the evidence benchmark (`--ja`): the same kinds as the English ones,
// written without spaces, so evidence must match by character bigrams.
import type { Needle } from './evidence-needles.ts';

const PICK = {
  place: ['書庫', '金庫', '北の塔', '地下室', '地図室'],
  name: ['佐藤', '鈴木', '高橋', '田中', '渡辺'],
  room: ['研究室', '温室', '印刷室', '礼拝堂'],
  color: ['青色', '緑色', '銅色', '赤色', '黄色'],
  org: ['養蜂', '地図製作', '時計職人', '地衣類'],
  city: ['函館', '松本', '長崎', '金沢', '高松', '弘前'],
  month: ['三月', '六月', '九月', '十一月'],
  system: ['請求', '監視', '予約', '配信'],
};

type Pick = (key: keyof typeof PICK) => string;

const TEMPLATES: ((p: Pick, n: (k: number) => number) => Needle)[] = [
  (p, n) => {
    const place = p('place');
    const code = `${n(9) + 1}-ALPHA-${n(90) + 10}`;
    return {
      fact: `${place}の秘密のコードは${code}です。`,
      question: `${place}の秘密のコードは何ですか？`,
      paraphrase: `${place}のコード：${code}`,
      answers: [code, `コードは${code}です。`],
    };
  },
  (p) => {
    const [name, room, color] = [p('name'), p('room'), p('color')];
    return {
      fact: `${name}さんは${room}の合鍵を${color}の缶に入れて階段の下に置いている。`,
      question: `${name}さんは${room}の合鍵をどこに置いていますか？`,
      paraphrase: `${name}：${room}の合鍵は${color}の缶（階段の下）`,
      answers: [`${color}の缶の中`, `階段の下の${color}の缶`],
    };
  },
  (p) => {
    const [org, city, month] = [p('org'), p('city'), p('month')];
    return {
      fact: `${org}協会の年次総会は毎年${month}に${city}で開かれる。`,
      question: `${org}協会の年次総会はどこで開かれますか？`,
      paraphrase: `${org}協会 年次総会 → ${city}（${month}）`,
      answers: [city, `${city}で、毎年${month}に開かれます。`],
    };
  },
  (p, n) => {
    const [system, count] = [p('system'), String(n(90) + 10)];
    return {
      fact: `${system}サービスの最大再試行回数は${count}回に設定された。`,
      question: `${system}サービスの最大再試行回数は何回に設定されましたか？`,
      paraphrase: `${system}サービス：最大再試行 ${count}回`,
      answers: [`${count}回`, count],
    };
  },
];

/** Row `row`'s Japanese needle. */
export function needleForJa(row: number, random: (n: number) => number): Needle {
  const pick: Pick = (key) => PICK[key][random(PICK[key].length)] ?? '';
  const template = TEMPLATES[row % TEMPLATES.length] as (typeof TEMPLATES)[number];
  return template(pick, random);
}
