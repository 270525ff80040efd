// What a user may name a model by: a catalogue id, an `hf:` URI, an http(s) URL of a .gguf file,
// or a file on disk. The `hf:` forms are node-llama-cpp's (and llama.cpp's `-hf`):
//   hf:owner/repo/path/file.gguf[#revision]   one file
//   hf:owner/repo:quant                       the repo's one .gguf whose name holds the quant
import path from 'node:path';
import {
  catalogueModel,
  MODEL_CATALOGUE,
  type CatalogueModel,
} from '../../../shared/model-catalogue.ts';
import { CoreError } from '../errors.ts';

/** A file, or a quantization, in a Hugging Face repository. */
export interface HfReference {
  owner: string;
  repo: string;
  /** Path of the file in the repo; absent for `:quant` until the repo's listing names it. */
  file?: string;
  /** For `hf:owner/repo:quant`, as typed (matched case-insensitively). */
  quant?: string;
  /** Branch, tag or commit (default `main`). */
  revision: string;
}

export type ModelReference =
  | { kind: 'catalogue'; model: CatalogueModel; hf: HfReference }
  | { kind: 'hf'; uri: string; hf: HfReference }
  | { kind: 'url'; url: string }
  | { kind: 'file'; path: string };

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const QUANT = /^[A-Za-z0-9_.-]+$/;
/** llama.cpp's split files (`-00001-of-00003.gguf`) need all their parts, which are not fetched. */
const SPLIT = /-\d{5}-of-\d{5}\.gguf$/i;

function badUri(uri: string, why: string): CoreError {
  return new CoreError('BadUsage', `"${uri}" is not a Hugging Face model URI: ${why}.`, {
    hint: 'Write hf:OWNER/REPO/FILE.gguf (for example hf:bartowski/Qwen2.5-7B-Instruct-GGUF/Qwen2.5-7B-Instruct-Q4_K_M.gguf) or hf:OWNER/REPO:QUANT (hf:bartowski/Qwen2.5-7B-Instruct-GGUF:Q4_K_M).',
  });
}

function splitRefused(file: string): CoreError {
  return new CoreError(
    'Unsupported',
    `${path.posix.basename(file)} is one part of a model split into several files, which the downloader does not fetch.`,
    {
      hint: "Choose a quantization published as one .gguf file, or download the parts and join them with llama.cpp's llama-gguf-split --merge, then add the file.",
    },
  );
}

/** Parses `hf:owner/repo/file.gguf[#rev]` or `hf:owner/repo:quant` (also `huggingface:`). */
export function parseHfUri(uri: string): HfReference {
  const body = uri.replace(/^(hf|huggingface):/i, '');
  const hash = body.indexOf('#');
  const main = hash >= 0 ? body.slice(0, hash) : body;
  const revision = hash >= 0 ? body.slice(hash + 1) : 'main';
  if (revision === '' || /[\s?]/.test(revision))
    throw badUri(uri, 'the revision after # is empty or has spaces');
  const parts = main.split('/');
  const owner = parts[0] ?? '';
  if (!NAME.test(owner))
    throw badUri(uri, 'the owner is missing or has characters a repository name cannot have');
  if (parts.length === 2) {
    const [repo = '', quant] = (parts[1] ?? '').split(':');
    if (!NAME.test(repo)) throw badUri(uri, 'the repository name is missing or not valid');
    if (quant === undefined)
      throw badUri(uri, 'it names a repository but neither a file nor a quantization');
    if (!QUANT.test(quant))
      throw badUri(uri, `"${quant}" is not a quantization name such as Q4_K_M`);
    return { owner, repo, quant, revision };
  }
  const repo = parts[1] ?? '';
  if (!NAME.test(repo)) throw badUri(uri, 'the repository name is missing or not valid');
  const fileParts = parts.slice(2);
  if (fileParts.length === 0 || fileParts.some((p) => p === '' || p === '.' || p === '..'))
    throw badUri(uri, 'the file path is empty or has empty, . or .. parts');
  const file = fileParts.join('/');
  if (!/\.gguf$/i.test(file)) throw badUri(uri, 'the file does not end in .gguf');
  if (SPLIT.test(file)) throw splitRefused(file);
  return { owner, repo, file, revision };
}

/** The `resolve` URL of a file in a Hugging Face repo on `endpoint` (https://huggingface.co). */
export function hfResolveUrl(endpoint: string, hf: HfReference & { file: string }): string {
  const base = endpoint.replace(/\/+$/, '');
  const file = hf.file.split('/').map(encodeURIComponent).join('/');
  return `${base}/${hf.owner}/${hf.repo}/resolve/${encodeURIComponent(hf.revision)}/${file}`;
}

/** `hf:owner/repo/file.gguf[#rev]` for a resolved reference (what the store records). */
export function hfUri(hf: HfReference & { file: string }): string {
  return `hf:${hf.owner}/${hf.repo}/${hf.file}${hf.revision === 'main' ? '' : `#${hf.revision}`}`;
}

function parseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CoreError('BadUsage', `"${text}" is not a valid URL.`);
  }
  // A model page's "blob" link shows HTML; its "resolve" twin is the file.
  url.pathname = url.pathname.replace(/^(\/[^/]+\/[^/]+)\/blob\//, '$1/resolve/');
  if (!/\.gguf$/i.test(decodeURIComponent(url.pathname)))
    throw new CoreError(
      'BadUsage',
      `${url.protocol}//${url.host}${url.pathname} does not name a .gguf file.`,
      {
        hint: "Give the URL of the .gguf file itself (on Hugging Face: the file's download link, …/resolve/main/NAME.gguf).",
      },
    );
  if (SPLIT.test(url.pathname)) throw splitRefused(url.pathname);
  return url.toString();
}

/**
 * What `text` names: a catalogue id, an `hf:` URI, an http(s) URL of a .gguf file, or a file
 * (resolved against `cwd`). Throws CoreError `BadUsage` with the accepted forms.
 */
export function parseModelReference(text: string, cwd: string): ModelReference {
  const given = text.trim();
  if (given === '') throw new CoreError('BadUsage', 'No model was named.');
  if (/^(hf|huggingface):/i.test(given)) {
    const hf = parseHfUri(given);
    return { kind: 'hf', uri: given, hf };
  }
  if (/^https?:\/\//i.test(given)) return { kind: 'url', url: parseUrl(given) };
  const model = catalogueModel(given);
  if (model !== undefined) return { kind: 'catalogue', model, hf: parseHfUri(model.uri) };
  if (/[/\\]/.test(given) || /\.gguf$/i.test(given))
    return { kind: 'file', path: path.resolve(cwd, given) };
  throw new CoreError(
    'BadUsage',
    `"${given}" is not a model in the catalogue, an hf: URI, a URL or a .gguf file.`,
    {
      hint: `Catalogue: ${MODEL_CATALOGUE.map((m) => m.id).join(', ')}; or hf:OWNER/REPO/FILE.gguf, or a path to a .gguf file.`,
    },
  );
}
