import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUN_SETTINGS_LIMITS } from '../../shared/limits.ts';
import { CoreError } from '../core/errors.ts';
import { APP_DATA_FOLDER, appDataDir } from './app-data.ts';
import { DEFAULT_BASE_URL, parseCommand, type AskOptions } from './args.ts';

const env = { INIT_CWD: '/home/me/docs', MEMAGENT_USER_DATA_DIR: '/data/memagent' };

function ask(argv: string[], e: NodeJS.ProcessEnv = env): AskOptions {
  const command = parseCommand(['ask', ...argv], e);
  if (command.name !== 'ask') throw new Error(`got ${command.name}`);
  return command.options;
}

function usageError(argv: string[]): CoreError {
  try {
    parseCommand(argv, env);
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('parseCommand', () => {
  it('applies MEMAGENT.md defaults and resolves FILE from where the user typed it', () => {
    expect(ask(['book.pdf', '-q', 'Who?'])).toEqual({
      file: '/home/me/docs/book.pdf',
      baseUrl: DEFAULT_BASE_URL,
      baseUrls: [DEFAULT_BASE_URL],
      timeoutMs: 300_000,
      maxRetries: 4,
      questions: ['Who?'],
      chunkTokens: 5000,
      memoryTokens: 1024,
      answerTokens: 1024,
      temperature: 0.7,
      topP: 0.95,
      final: 'boxed',
      tokenizer: 'auto',
      concurrency: 4,
      // The default server is a local vLLM: the quote check is free there.
      quoteCheck: true,
      json: false,
      debug: false,
      dryRun: false,
      yes: false,
      reading: { ocr: 'auto', languages: ['eng'] },
      ocrLanguageDir: '/data/memagent/ocr-languages',
      // Runs are saved in the app's library unless --no-save.
      library: {
        location: { file: '/data/memagent/memagent.db', dataDir: '/data/memagent' },
        named: false,
      },
    });
  });

  it('saves runs in --db FILE from where the user typed it, or nowhere with --no-save', () => {
    expect(ask(['book.pdf', '-q', 'Who?', '--db', 'lib/runs.db']).library).toEqual({
      location: { file: '/home/me/docs/lib/runs.db', dataDir: '/home/me/docs/lib' },
      named: true,
    });
    expect(ask(['book.pdf', '-q', 'Who?', '--no-save']).library).toBeUndefined();
    expect(usageError(['ask', 'book.pdf', '-q', 'Who?', '--no-save', '--db', 'x.db']).message).toBe(
      '--db and --no-save contradict each other: choose one.',
    );
  });

  it('parses resume: one run id, the library, and no server unless a flag names one', () => {
    const command = parseCommand(['resume', '3f2a', '--db', 'runs.db', '--model', 'm2'], env);
    expect(command).toMatchObject({
      name: 'resume',
      options: {
        runId: '3f2a',
        model: 'm2',
        library: { location: { file: '/home/me/docs/runs.db' }, named: true },
      },
    });
    if (command.name === 'resume') expect(command.options.baseUrl).toBeUndefined();
    expect(usageError(['resume']).message).toBe(
      'resume needs the id of a run (or its first characters).',
    );
  });

  it('reads --dry-run and the prices per million tokens', () => {
    expect(
      ask(['book.pdf', '-q', 'Who?', '--dry-run', '--input-price', '2.5', '--output-price', '10']),
    ).toMatchObject({ dryRun: true, inputPrice: 2.5, outputPrice: 10 });
  });

  it('asks for quotes by default on the user’s own server only, and --quote-check decides', () => {
    const at = (url: string, ...flags: string[]) =>
      ask(['b.txt', '-q', 'Q', '--base-url', url, ...flags]).quoteCheck;
    for (const own of [
      'http://localhost:8000/v1',
      'http://127.0.0.1:11434/v1',
      'http://10.0.0.5:8000/v1',
      'http://172.20.1.1/v1',
      'http://192.168.1.20:8000/v1',
      'http://[::1]:8000/v1',
      'http://gpu-box.local:8000/v1',
    ])
      expect(at(own), own).toBe(true);
    for (const paid of [
      'https://api.openai.com/v1',
      'https://openrouter.ai/api/v1',
      'https://res.openai.azure.com/openai/deployments/gpt',
      'https://172.32.0.1/v1',
      'https://localhost.example.com/v1',
    ])
      expect(at(paid), paid).toBe(false);
    expect(at('https://api.openai.com/v1', '--quote-check', 'on')).toBe(true);
    expect(at('http://localhost:8000/v1', '--quote-check', 'off')).toBe(false);
    expect(
      ask(['b.txt', '-q', 'Q'], { ...env, MEMAGENT_BASE_URL: 'https://api.openai.com/v1' })
        .quoteCheck,
    ).toBe(false);
    expect(usageError(['ask', 'b.txt', '-q', 'Q', '--quote-check', 'yes']).message).toBe(
      '--quote-check is on or off.',
    );
  });

  it('reads every flag, several questions, and the environment', () => {
    const o = ask(
      [
        '/abs/b.txt',
        '--question',
        'Q1',
        '-q',
        'Q2',
        '--chunk-tokens',
        '4000',
        '--memory-tokens',
        '512',
        '--answer-tokens',
        '256',
        '--temperature',
        '0',
        '--top-p',
        '1',
        '--final',
        'text',
        '--tokenizer',
        'o200k',
        '--concurrency',
        '8',
        '--json',
        '--trace',
        't.jsonl',
        '--debug',
        '--password',
        'pw',
        '--timeout',
        '1.5',
        '--retries',
        '0',
      ],
      {
        ...env,
        MEMAGENT_BASE_URL: 'https://api.example.com/v1',
        MEMAGENT_MODEL: 'm',
        OPENAI_API_KEY: 'k2',
      },
    );
    expect(o).toMatchObject({
      file: '/abs/b.txt',
      questions: ['Q1', 'Q2'],
      chunkTokens: 4000,
      memoryTokens: 512,
      answerTokens: 256,
      temperature: 0,
      topP: 1,
      final: 'text',
      tokenizer: 'o200k',
      concurrency: 8,
      json: true,
      trace: '/home/me/docs/t.jsonl',
      debug: true,
      password: 'pw',
      baseUrl: 'https://api.example.com/v1',
      model: 'm',
      apiKey: 'k2',
      timeoutMs: 1500,
      maxRetries: 0,
    });
  });

  it('takes --base-url several times on ask and resume: baseUrl is the first, baseUrls all in order', () => {
    const urls = ['http://a:8000/v1', 'http://b:8000/v1'];
    const twice = urls.flatMap((u) => ['--base-url', u]);
    expect(ask(['b', '-q', 'x', ...twice])).toMatchObject({ baseUrl: urls[0], baseUrls: urls });
    const resumed = parseCommand(['resume', '3f2a', ...twice], env);
    expect(resumed).toMatchObject({ options: { baseUrl: urls[0], baseUrls: urls } });
    const plain = parseCommand(['resume', '3f2a'], env);
    expect(plain).toMatchObject({ options: { baseUrls: [] } });
    // The quote check is free only when every server is the user's own.
    const own = ['--base-url', 'http://localhost:8000/v1', '--base-url', 'http://10.0.0.5/v1'];
    expect(ask(['b', '-q', 'x', ...own]).quoteCheck).toBe(true);
    const mixed = [
      '--base-url',
      'http://localhost:8000/v1',
      '--base-url',
      'https://api.openai.com/v1',
    ];
    expect(ask(['b', '-q', 'x', ...mixed]).quoteCheck).toBe(false);
    expect(usageError(['resume', 'r', '--base-url', 'x', '--base-url', 'ftp://h']).message).toBe(
      '--base-url needs an http:// or https:// URL.',
    );
  });

  it('takes --questions LIST beside -q (or alone), resolved from where the command was typed', () => {
    expect(ask(['b', '--questions', 'qs.txt'])).toMatchObject({
      questions: [],
      questionsFile: '/home/me/docs/qs.txt',
    });
    expect(ask(['b', '-q', 'x', '--questions', '-'])).toMatchObject({
      questions: ['x'],
      questionsFile: '-',
    });
    expect(ask(['b', '-q', 'x']).questionsFile).toBeUndefined();
    expect(usageError(['ask', 'b', '--questions', ' ']).message).toBe(
      '--questions needs a file (or - for standard input).',
    );
  });

  it('prefers flags over the environment, and MEMAGENT_API_KEY over OPENAI_API_KEY', () => {
    const e = { ...env, MEMAGENT_API_KEY: 'k1', OPENAI_API_KEY: 'k2', MEMAGENT_MODEL: 'env-model' };
    expect(ask(['b', '-q', 'x'], e)).toMatchObject({ apiKey: 'k1', model: 'env-model' });
    expect(
      ask(
        ['b', '-q', 'x', '--api-key', 'k3', '--model', 'flag-model', '--base-url', 'http://h:1/v1'],
        e,
      ),
    ).toMatchObject({
      apiKey: 'k3',
      model: 'flag-model',
      baseUrl: 'http://h:1/v1',
    });
  });

  it('accepts the app’s run-settings bounds and refuses one step beyond them', () => {
    const L = RUN_SETTINGS_LIMITS;
    const flags = [
      ['--chunk-tokens', L.chunkTokens],
      ['--memory-tokens', L.memoryTokens],
      ['--answer-tokens', L.answerTokens],
    ] as const;
    for (const [flag, { min, max }] of flags) {
      expect(() => ask(['b', '-q', 'x', flag, String(min)])).not.toThrow();
      expect(() => ask(['b', '-q', 'x', flag, String(max)])).not.toThrow();
      expect(usageError(['ask', 'b', '-q', 'x', flag, String(min - 1)]).message).toMatch(
        `${flag} must be at least ${min}`,
      );
      expect(usageError(['ask', 'b', '-q', 'x', flag, String(max + 1)]).message).toMatch(
        `${flag} must be at most ${max}`,
      );
    }
    expect(ask(['b', '-q', 'x', '--temperature', String(L.temperature.max)]).temperature).toBe(2);
    expect(ask(['b', '-q', 'x', '--top-p', String(L.topP.max)]).topP).toBe(1);
  });

  it.each([
    [['ask', 'b'], /at least one --question/],
    [['ask', '-q', 'x'], /needs a FILE/],
    [['ask', 'a', 'b', '-q', 'x'], /one FILE/],
    [['ask', 'b', '-q', 'x', '--bogus'], /^Unknown option '--bogus'\.$/],
    [['ask', 'b', '-q', 'x', '--temperature', 'hot'], /--temperature needs a number/],
    [['ask', 'b', '-q', 'x', '--temperature', '3'], /--temperature must be 0 to 2/],
    [['ask', 'b', '-q', 'x', '--top-p', '0'], /--top-p must be above 0/],
    [['ask', 'b', '-q', 'x', '--chunk-tokens', '5.5'], /whole number/],
    [['ask', 'b', '-q', 'x', '--chunk-tokens', '10'], /at least 256/],
    [['ask', 'b', '-q', 'x', '--concurrency', '0'], /at least 1/],
    [['ask', 'b', '-q', 'x', '--final', 'fancy'], /boxed or text/],
    [['ask', 'b', '-q', 'x', '--tokenizer', 'bert'], /auto, qwen, o200k or server/],
    [['ask', 'b', '-q', '   '], /--question needs text/],
    [
      ['ask', 'b', '-q', 'x', '--base-url', 'ftp://x'],
      /^--base-url needs an http:\/\/ or https:\/\/ URL\.$/,
    ],
    [
      ['models', '--base-url', 'file:///etc/passwd'],
      /--base-url needs an http:\/\/ or https:\/\/ URL/,
    ],
    [
      ['models', '--base-url', 'javascript:alert(1)'],
      /--base-url needs an http:\/\/ or https:\/\/ URL/,
    ],
    [['models', 'extra'], /takes no FILE/],
    [['models', '--timeout', '0.5'], /^--timeout must be 1 to 3600 seconds\.$/],
    [['ask', 'b', '-q', 'x', '--timeout', '3601'], /--timeout must be 1 to 3600 seconds/],
    [['ask', 'b', '-q', 'x', '--timeout', 'soon'], /--timeout needs a number/],
    [['models', '--retries', '11'], /--retries must be at most 10/],
    [['ask', 'b', '-q', 'x', '--retries', '1.5'], /--retries needs a whole number/],
    [['extract'], /needs a FILE/],
    [['extract', 'x.pdf', '--ocr', 'maybe'], /^--ocr is auto, all-pages or off\.$/],
    [['ask', 'b', '-q', 'x', '--ocr-lang', ''], /--ocr-lang needs tesseract codes joined by \+/],
    [['extract', 'x.pdf', '--ocr-lang', 'eng+'], /--ocr-lang needs tesseract codes/],
    [['extract', 'x.pdf', '--ocr-lang', 'a1+b2+c3+d4+e5+f6+g7+h8+i9'], /at most 8 languages/],
    [['extract', 'x.pdf', '--ocr-languages-dir', ' '], /--ocr-languages-dir needs a folder/],
    [['frobnicate'], /Unknown command "frobnicate"/],
  ])('%j is bad usage', (argv, message) => {
    const error = usageError(argv);
    expect(error.kind).toBe('BadUsage');
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(/--help/);
  });

  it('knows help, extract and models', () => {
    expect(parseCommand([], env)).toEqual({ name: 'help' });
    expect(parseCommand(['--help'], env)).toEqual({ name: 'help' });
    expect(parseCommand(['ask', '--help'], env)).toEqual({ name: 'help', topic: 'ask' });
    expect(parseCommand(['extract', 'x.pdf', '--json', '--password', 'p'], env)).toEqual({
      name: 'extract',
      options: {
        file: '/home/me/docs/x.pdf',
        json: true,
        debug: false,
        password: 'p',
        reading: { ocr: 'auto', languages: ['eng'] },
        ocrLanguageDir: '/data/memagent/ocr-languages',
      },
    });
    expect(parseCommand(['models'], { MEMAGENT_BASE_URL: 'http://gpu:8000/v1' })).toEqual({
      name: 'models',
      options: {
        baseUrl: 'http://gpu:8000/v1',
        timeoutMs: 300_000,
        maxRetries: 4,
        json: false,
        debug: false,
      },
    });
  });

  it('reads the OCR flags of ask and extract: tesseract codes joined by +, the folder from here', () => {
    const flags = ['--ocr', 'all-pages', '--ocr-lang', 'eng+chi_sim', '--ocr-languages-dir', 'l'];
    const expected = {
      reading: { ocr: 'all-pages', languages: ['eng', 'chi_sim'] },
      ocrLanguageDir: '/home/me/docs/l',
    };
    expect(ask(['b', '-q', 'x', ...flags])).toMatchObject(expected);
    expect(parseCommand(['extract', 'x.pdf', ...flags], env)).toMatchObject({
      options: expected,
    });
    expect(ask(['b', '-q', 'x', '--ocr', 'off'])).toMatchObject({ reading: { ocr: 'off' } });
  });

  it('names the shipped OCR languages and the folder for others when a code is malformed', () => {
    const error = usageError(['extract', 'x.pdf', '--ocr-lang', 'eng+xxx_bad!']);
    expect(error.message).toBe(
      '--ocr-lang: "xxx_bad!" is not a tesseract language code (letters, digits and _).',
    );
    expect(error.hint).toContain('Shipped: eng, deu, fra, spa, jpn, chi_sim.');
    expect(error.hint).toContain('/data/memagent/ocr-languages');
  });
});

describe('appDataDir', () => {
  it('is the folder Electron gives the app on each platform, or MEMAGENT_USER_DATA_DIR', () => {
    expect(appDataDir({}, 'linux', '/home/a')).toBe('/home/a/.config/memagent-desktop');
    expect(appDataDir({ XDG_CONFIG_HOME: '/x' }, 'linux', '/home/a')).toBe('/x/memagent-desktop');
    expect(appDataDir({}, 'darwin', '/Users/a')).toBe(
      '/Users/a/Library/Application Support/memagent-desktop',
    );
    expect(appDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32', 'C:\\Users\\a')).toBe(
      'C:\\Users\\a\\AppData\\Roaming\\memagent-desktop',
    );
    expect(appDataDir({ MEMAGENT_USER_DATA_DIR: '/tmp/p' }, 'linux', '/home/a')).toBe('/tmp/p');
  });

  it('uses the name Electron takes from package.json (productName, else name)', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { name: string; productName?: string };
    expect(APP_DATA_FOLDER).toBe(pkg.productName ?? pkg.name);
  });
});
