// What each kind of backend needs, with sensible starting values.
import type { BackendKind } from '../../../../shared/model.ts';

export interface KindInfo {
  label: string;
  baseUrl: string;
  needsKey: boolean;
  help: string;
}

export const KINDS: Record<BackendKind, KindInfo> = {
  vllm: {
    label: 'Local vLLM',
    baseUrl: 'http://localhost:8000/v1',
    needsKey: false,
    help: 'Run `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B` and leave the model empty to use the served one.',
  },
  openai: { label: 'OpenAI', baseUrl: 'https://api.openai.com/v1', needsKey: true, help: 'Needs an API key; set prices to see cost estimates.' },
  azure: {
    label: 'Azure OpenAI',
    baseUrl: 'https://YOUR-RESOURCE.openai.azure.com/openai/deployments/YOUR-DEPLOYMENT',
    needsKey: true,
    help: 'The URL names your resource and deployment; the model field is the deployment name.',
  },
  openrouter: { label: 'OpenRouter', baseUrl: 'https://openrouter.ai/api/v1', needsKey: true, help: 'Needs an OpenRouter API key.' },
  ollama: { label: 'Ollama', baseUrl: 'http://localhost:11434/v1', needsKey: false, help: 'Ollama’s OpenAI-compatible endpoint.' },
  custom: { label: 'Custom (OpenAI-compatible)', baseUrl: 'http://localhost:8000/v1', needsKey: false, help: 'Any server that speaks the OpenAI chat completions API.' },
};

export const KIND_ORDER: BackendKind[] = ['vllm', 'openai', 'azure', 'openrouter', 'ollama', 'custom'];
