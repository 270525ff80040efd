// Facts about the kinds of backend a profile can describe, shared by main (seeding, validation)
// and the renderer (pre-filling the settings form). Pure data: no Node, DOM or electron.
import type { BackendTestRecord, ConnectionTest } from './api.ts';
import type { BackendKind } from './model.ts';

export interface BackendDefaults {
  /** A name for a new profile of this kind. */
  name: string;
  /** Base URL of the OpenAI-compatible API ('' when it depends on the user's resource). */
  baseUrl: string;
  /** Whether the service needs an API key (local servers accept a dummy one). */
  needsKey: boolean;
  /** Whether the model must be named (Azure: the deployment), rather than discovered from /v1/models. */
  needsModel: boolean;
}

/** In the order the settings form lists the kinds. */
export const BACKEND_DEFAULTS: Readonly<Record<BackendKind, BackendDefaults>> = {
  vllm: {
    name: 'Local vLLM',
    baseUrl: 'http://localhost:8000/v1',
    needsKey: false,
    needsModel: false,
  },
  openai: {
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    needsModel: true,
  },
  // Azure: https://{resource}.openai.azure.com/openai/deployments/{deployment}, with api-version.
  azure: { name: 'Azure OpenAI', baseUrl: '', needsKey: true, needsModel: true },
  openrouter: {
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    needsModel: true,
  },
  ollama: {
    name: 'Ollama',
    baseUrl: 'http://localhost:11434/v1',
    needsKey: false,
    needsModel: false,
  },
  custom: {
    name: 'Custom server',
    baseUrl: 'http://localhost:8000/v1',
    needsKey: false,
    needsModel: false,
  },
  // node-llama-cpp on this computer: no server, no key, no cost; the model is a GGUF file
  // (the profile's `builtin.modelFile`), named by the file itself.
  builtin: { name: 'Built-in (this computer)', baseUrl: '', needsKey: false, needsModel: false },
};

/**
 * The "Local vLLM" profile libraries made before issue 25 were given at their first start (a new
 * library now starts with none): while it is the only one and has never answered, the app still
 * offers its first-start screen.
 */
export const SEEDED_PROFILE_ID = 'local-vllm';

/** True when an Azure OpenAI URL names its deployment (`…/openai/deployments/NAME`). */
export function urlNamesDeployment(baseUrl: string): boolean {
  return /\/deployments\/[^/]+/.test(baseUrl);
}

/**
 * The Azure OpenAI `api-version` (the GA version of 2024-10-21) a new Azure profile shows and a
 * call uses when the profile gives none.
 */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';

/**
 * True for the RL-trained MemAgent models (`BytedTsinghua-SIA/RL-MemoryAgent-14B` / `-7B` and
 * local copies or quantisations keeping the name). Other models run the same workflow with
 * lower accuracy, which the app tells the user (MEMAGENT.md).
 */
export function isMemAgentModel(model: string): boolean {
  return /memory[-_ ]?agent/i.test(model);
}

/**
 * What the user is told, in full, where a model that is not RL-MemoryAgent is chosen (Settings:
 * a backend's model, the built-in model's file), null for one that is. Said there once; every
 * other place (the Ask form, a run's warnings, exports, the command line) says
 * genericModelNote's one line. The models the first-start screen offers are generic models too
 * (Qwen2.5 Instruct, the base of RL-MemoryAgent-7B, without its RL training): the check is right
 * to name them, and the wording says what that costs without alarm.
 */
export function genericModelWarning(model: string): string | null {
  if (isMemAgentModel(model)) return null;
  return `“${model}” is not an RL-MemoryAgent model. MemAgent runs with any chat model, but the RL-trained RL-MemoryAgent-14B/7B keep their accuracy on long documents where generic models fall (95% against 46% in the paper at 512K tokens).`;
}

/** The one line said after the model was chosen: the Ask form, a run's warning, exports, CLI. */
export function genericModelNote(model: string): string | null {
  if (isMemAgentModel(model)) return null;
  return `“${model}” is not an RL-MemoryAgent model: expect lower accuracy on long documents.`;
}

/** What is kept of a connection test as a profile's last one: its verdict, time and model. */
export function testRecord(test: ConnectionTest, at: number): BackendTestRecord {
  const record: BackendTestRecord = { ok: test.ok, at, latencyMs: test.latencyMs };
  if (test.model !== undefined) record.model = test.model;
  if (test.error !== undefined) record.error = test.error;
  return record;
}
