/**
 * What the command line suggests when no server answers at a local or unknown URL (the default
 * `http://localhost:8000/v1` included): start one, point at one, or read with the built-in model,
 * which needs no server. Cloud URLs keep core's hint (network, key, status page).
 */
export const LOCAL_SERVER_HINT =
  'Start a server (for example `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B`) or pass --base-url URL, or read with the built-in model and no server: --model-file PATH (a GGUF file; `memagent models --builtin` lists them)';
