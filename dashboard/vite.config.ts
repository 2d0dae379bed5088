import { defineConfig } from 'vite';

// The host serves the build and its npm package carries it: the output goes into the host's dist.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: '../host/dist/dashboard', emptyOutDir: true, target: 'es2022', sourcemap: false, assetsInlineLimit: 0 },
});
