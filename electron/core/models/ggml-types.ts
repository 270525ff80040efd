// The tensor types a GGUF file may use and how many bytes a block of values takes in each, from
// ggml's type_traits (ggml/src/ggml.c and the block structs of ggml-common.h) of the llama.cpp
// node-llama-cpp ships. Ids 4, 5 and 31-33, 36-38 were removed from ggml and are refused.

/** [values per block, bytes per block] of each ggml type id. */
const TYPES: Record<number, readonly [number, number]> = {
  0: [1, 4], // F32
  1: [1, 2], // F16
  2: [32, 18], // Q4_0
  3: [32, 20], // Q4_1
  6: [32, 22], // Q5_0
  7: [32, 24], // Q5_1
  8: [32, 34], // Q8_0
  9: [32, 36], // Q8_1
  10: [256, 84], // Q2_K
  11: [256, 110], // Q3_K
  12: [256, 144], // Q4_K
  13: [256, 176], // Q5_K
  14: [256, 210], // Q6_K
  15: [256, 292], // Q8_K
  16: [256, 66], // IQ2_XXS
  17: [256, 74], // IQ2_XS
  18: [256, 98], // IQ3_XXS
  19: [256, 50], // IQ1_S
  20: [32, 18], // IQ4_NL
  21: [256, 110], // IQ3_S
  22: [256, 82], // IQ2_S
  23: [256, 136], // IQ4_XS
  24: [1, 1], // I8
  25: [1, 2], // I16
  26: [1, 4], // I32
  27: [1, 8], // I64
  28: [1, 8], // F64
  29: [256, 56], // IQ1_M
  30: [1, 2], // BF16
  34: [256, 54], // TQ1_0
  35: [256, 66], // TQ2_0
  39: [32, 17], // MXFP4
  40: [64, 36], // NVFP4
  41: [128, 18], // Q1_0
  42: [64, 18], // Q2_0
};

/** Values per block and bytes per block of ggml type `id`, or undefined for an unknown id. */
export function ggmlType(id: number): { blockValues: number; blockBytes: number } | undefined {
  const t = TYPES[id];
  return t === undefined ? undefined : { blockValues: t[0], blockBytes: t[1] };
}
