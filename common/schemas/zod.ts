/**
 * zod, as every schema of the project uses it. In a browser it runs without its JIT: zod 4
 * probes for `new Function` to compile fast parsers, and the site's CSP (no 'unsafe-eval')
 * refuses that, which browsers report as a CSP violation on every page with a form. The server
 * keeps the JIT.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
