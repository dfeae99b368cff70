import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  publicDir: 'web/public',
  // '/' for the site itself; a sub-path such as '/site/' for a static copy built for one
  // (react-router.config.ts takes the same BASE_PATH as its basename).
  base: process.env.BASE_PATH ?? '/',
  // Pre-bundled for `npm run dev` up front, so the first page load does not hit
  // Vite's "outdated optimize dep" reload when it discovers them one by one.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'react-router',
      '@tanstack/react-query',
      'radix-ui',
      'lucide-react',
      'react-hook-form',
      '@hookform/resolvers/zod',
      'zod',
    ],
  },
  build: { assetsInlineLimit: 0 },
});
