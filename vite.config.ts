import { defineConfig } from 'vite';

// The studio: sources in studio/, built to dist/studio, served by the Fastify server at /.
export default defineConfig({
  root: 'studio',
  base: '/',
  publicDir: false,
  build: {
    outDir: '../dist/studio',
    emptyOutDir: true,
    target: 'es2022',
    assetsDir: 'assets',
  },
  server: {
    host: '127.0.0.1',
    fs: { allow: ['..'] },
  },
});
