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
  build: {
    assetsInlineLimit: 0,
    modulePreload: {
      // The forms whose code comes after the page is live, behind the server's own form (the quote
      // form near #contact; the newsletter's sign-up in the footer and the home page): their lazy
      // imports list no modules to fetch ahead, since every name listed is paid for on the home
      // page's first move (ADR 007's budget). Their own imports follow a moment later, while the
      // server's form works by itself (ADR 013).
      resolveDependencies: (filename, deps) =>
        /(quote-form|subscribe-form)-[\w-]+\.js$/.test(filename) ? [] : deps,
    },
  },
});
