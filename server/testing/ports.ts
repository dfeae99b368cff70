/** Ports for the tests' servers on 127.0.0.1. */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';

/**
 * A port nobody listens on now: for a server that cannot report a port it picked (nginx), or a
 * site whose PUBLIC_URL must name its port before it listens.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
