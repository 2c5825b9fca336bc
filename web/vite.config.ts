import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The Switchyard server that `vite` (dev mode) forwards API and relay calls to. */
const serverOrigin = 'http://localhost:3000';
const proxiedPaths = ['/api', '/v1', '/pg', '/mj', '/suno', '/healthz'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    // Vite names every built file `assets/<name>-<hash>.<ext>`, so the server can cache them forever.
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Libraries change less often than the console: separate chunks stay cached across deployments.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
            },
            {
              name: 'vendor-antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs|@babel[\\/]runtime)[\\/]/,
            },
            { name: 'vendor-markdown', test: /node_modules[\\/](marked|dompurify)[\\/]/ },
          ],
        },
      },
    },
    // antd alone is about 800 kB minified (250 kB gzipped); it is one long-cached file.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: serverOrigin }])),
  },
});
