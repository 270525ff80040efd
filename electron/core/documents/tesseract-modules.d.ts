// Types for the parts of tesseract.js's packages that ship none.

// Each @tesseract.js-data/<code> index.js exports this object; `langPath` is the package's
// `4.0.0` folder (legacy + LSTM models).
declare module '@tesseract.js-data/*' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}

// tesseract.js's worker-thread script: loaded for its side effects (it serves the worker's port).
declare module 'tesseract.js/src/worker-script/node/index.js';
