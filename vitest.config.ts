import { defineConfig } from 'vitest/config';

// Three projects that never overlap (STYLE habit 10):
//   unit  *.test.ts      node, no GPU, no browser
//   gpu   *.gpu.test.ts  WebGPU in Node (Dawn on Mesa lavapipe): parity and temporal tests
//   e2e   *.spec.ts      headless Chromium driven by playwright-core against a local server
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['**/*.gpu.test.ts'],
          testTimeout: 60_000,
          // The engine is loaded by Node itself (TypeScript through tsx), not through Vite's
          // module runner: the runner turns every imported constant and function into a
          // namespace getter, which makes the integer kernels' hot loops 2 to 10 times slower
          // (golden renders of one image: 24 s of CPU through the runner, 10.6 s natively).
          // Tests still import engine/ as usual; only how the modules are evaluated changes.
          execArgv: ['--import', 'tsx'],
          server: { deps: { external: [/\/engine\//] } },
        },
      },
      {
        test: {
          name: 'gpu',
          include: ['test/gpu/**/*.gpu.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
          // One Dawn instance per process is plenty on two cores; files run one after another.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
