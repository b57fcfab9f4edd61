import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressPlugin } from './scripts/precompress';
import { messagesPlugin } from './scripts/messagesPlugin';

// The browser app. In development `npm run dev` proxies /api to the server on API_PORT.
export default defineConfig({
  // the app's files compressed once here, served as they are (scripts/precompress.ts)
  plugins: [react(), messagesPlugin(), precompressPlugin()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  // The manifest tells scripts/bundle-budget.ts which chunks each page's first load waits for.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
