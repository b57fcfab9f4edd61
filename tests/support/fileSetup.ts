// Before each API and browser test file. Their files share a worker process and its loaded modules (vitest
// `isolate: false`, docs/testing.md "Files share a worker"): loading the server's modules afresh for each file cost
// ~1.7 CPU-s a file. What a file changes in the process is put back when it ends, so the next file starts as
// the first did: the environment (files set what their server reads, such as OFFLINE_AFTER_SECONDS or
// TRUST_PROXY), and the contract's counts (tests/support/contract.ts), saved per file.
import { saveContractCoverage } from './contract';

const env = { ...process.env };

afterAll(() => {
  saveContractCoverage();
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  Object.assign(process.env, env);
});
