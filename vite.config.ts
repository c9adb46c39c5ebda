import { defineConfig } from 'vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

// The reference server (npm run serve) answers everything the console calls during `vite` dev.
const referenceServer = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  // Vite 8 transforms TSX with Oxc itself; React 19's automatic runtime, no plugin-react.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': referenceServer,
      '/oidc': referenceServer,
      '/config.json': referenceServer,
      '/docs': referenceServer,
    },
  },
});
