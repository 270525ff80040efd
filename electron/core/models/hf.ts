// Hugging Face: the endpoint (HF_ENDPOINT, as huggingface_hub and node-llama-cpp read it), the
// token (HF_TOKEN), and `hf:owner/repo:quant` resolved through the repo's file listing, which
// also gives each file's size and the SHA-256 of its LFS object.
import { z } from 'zod';
import { CoreError } from '../errors.ts';
import { networkError, statusError } from './download-errors.ts';
import type { HfReference } from './model-ref.ts';

export const DEFAULT_HF_ENDPOINT = 'https://huggingface.co';

/** How to reach Hugging Face. The token is sent to the endpoint's host only, never to a CDN. */
export interface HfAccess {
  endpoint: string;
  token?: string;
}

/** Endpoint and token from the environment (HF_ENDPOINT, HF_TOKEN). */
export function hfAccessFromEnv(env: NodeJS.ProcessEnv): HfAccess {
  const access: HfAccess = { endpoint: env.HF_ENDPOINT?.trim() || DEFAULT_HF_ENDPOINT };
  const token = env.HF_TOKEN?.trim();
  if (token) access.token = token;
  return access;
}

const treeSchema = z.array(
  z.object({
    type: z.string(),
    path: z.string(),
    size: z.number().optional(),
    lfs: z.object({ oid: z.string(), size: z.number() }).optional(),
  }),
);

/** One file of a repo, with what Hugging Face publishes about it. */
export interface HfFile {
  file: string;
  bytes?: number;
  sha256?: string;
}

/**
 * The file `hf:owner/repo:quant` names: the repo's one unsplit .gguf file whose name contains the
 * quantization (Q4_K_M matches `…-Q4_K_M.gguf` and `…-q4_k_m.gguf`). Throws CoreError: NotFound
 * (no repo, no such quantization), BadUsage (several match), and the network's errors.
 */
export async function resolveHfQuant(
  hf: HfReference,
  access: HfAccess,
  signal?: AbortSignal,
): Promise<HfFile> {
  const base = access.endpoint.replace(/\/+$/, '');
  const url = `${base}/api/models/${hf.owner}/${hf.repo}/tree/${encodeURIComponent(hf.revision)}?recursive=true`;
  let response: Response;
  try {
    const init: RequestInit = {};
    if (access.token !== undefined) init.headers = { authorization: `Bearer ${access.token}` };
    if (signal !== undefined) init.signal = signal;
    response = await fetch(url, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError(error, url, 0);
  }
  if (response.status === 404)
    throw new CoreError(
      'NotFound',
      `Hugging Face has no repository ${hf.owner}/${hf.repo} (or no revision "${hf.revision}").`,
      {
        hint: "Check the owner and repository names, as written on the model's page.",
      },
    );
  if (!response.ok) throw statusError(response.status, url, access.token !== undefined);
  const parsed = treeSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success)
    throw new CoreError(
      'BackendFailed',
      `Hugging Face's file list of ${hf.owner}/${hf.repo} could not be read.`,
    );
  const quant = (hf.quant ?? '').toLowerCase();
  const files = parsed.data.filter(
    (f) =>
      f.type === 'file' &&
      /\.gguf$/i.test(f.path) &&
      !/-\d{5}-of-\d{5}\.gguf$/i.test(f.path) &&
      new RegExp(`(^|[-_.])${quant.replace(/[.]/g, '\\.')}[-_.]`, 'i').test(
        f.path.split('/').pop() ?? '',
      ),
  );
  const only = files[0];
  if (files.length === 0 || only === undefined)
    throw new CoreError('NotFound', `${hf.owner}/${hf.repo} has no single-file ${hf.quant} GGUF.`, {
      hint: `Name the file instead: hf:${hf.owner}/${hf.repo}/FILE.gguf (its "Files" tab lists them).`,
    });
  if (files.length > 1)
    throw new CoreError(
      'BadUsage',
      `${hf.owner}/${hf.repo} has several ${hf.quant} files: ${files.map((f) => f.path).join(', ')}.`,
      {
        hint: `Name one: hf:${hf.owner}/${hf.repo}/${files[0]?.path ?? 'FILE.gguf'}.`,
      },
    );
  const result: HfFile = { file: only.path };
  const bytes = only.lfs?.size ?? only.size;
  if (bytes !== undefined) result.bytes = bytes;
  if (only.lfs && /^[0-9a-f]{64}$/.test(only.lfs.oid)) result.sha256 = only.lfs.oid;
  return result;
}
