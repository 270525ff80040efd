// The settings form's wording for each kind of backend; URLs and needs come from shared/backends.ts.
import { BACKEND_DEFAULTS } from '../../../../shared/backends.ts';
import type { BackendKind } from '../../../../shared/model.ts';

export interface KindInfo {
  label: string;
  baseUrl: string;
  needsKey: boolean;
  help: string;
}

const HELP: Record<BackendKind, string> = {
  vllm: 'Run `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B` and leave the model empty to use the served one.',
  openai: 'Needs an API key and a model name; set prices to see cost estimates.',
  azure:
    'URL: https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT; the model field is the deployment name.',
  openrouter: 'Needs an OpenRouter API key and a model name.',
  ollama: 'Ollama’s OpenAI-compatible endpoint on this computer.',
  custom: 'Any server that speaks the OpenAI chat completions API.',
  builtin:
    'Runs a GGUF model file on this computer: no server, no account, nothing leaves the machine.',
};

/** The kinds in the order BACKEND_DEFAULTS lists them. */
export const KIND_ORDER = Object.keys(BACKEND_DEFAULTS) as BackendKind[];

export const KINDS = Object.fromEntries(
  KIND_ORDER.map((k) => [
    k,
    {
      label: BACKEND_DEFAULTS[k].name,
      baseUrl: BACKEND_DEFAULTS[k].baseUrl,
      needsKey: BACKEND_DEFAULTS[k].needsKey,
      help: HELP[k],
    },
  ]),
) as Record<BackendKind, KindInfo>;
