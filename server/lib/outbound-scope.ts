/**
 * The outbound module's guard for a library that calls the global `fetch` itself (ADR 024).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dispatcher } from 'undici';
import { type AddressRules, connectionCheck } from './address-check.ts';

/** The guard a library's own fetches run under (`guardedScope`), where one is set. */
const scoped = new AsyncLocalStorage<Dispatcher>();

/**
 * A request's headers as the guarded agent (undici 7) takes them. Node 22's fetch (its own undici
 * 6) sends a `Content-Length` its caller set beside the one it computes, joined ("3, 3", as arctic's
 * token request has it), which undici 7 refuses: one value when they agree.
 */
function oneContentLength(
  headers: Dispatcher.DispatchOptions['headers'],
): Dispatcher.DispatchOptions['headers'] {
  if (!headers || typeof headers !== 'object' || Array.isArray(headers) || Symbol.iterator in headers)
    return headers;
  const fixed: Record<string, unknown> = { ...headers };
  for (const [name, value] of Object.entries(fixed)) {
    if (name.toLowerCase() !== 'content-length' || typeof value !== 'string' || !value.includes(','))
      continue;
    const values = new Set(value.split(',').map((part) => part.trim()));
    if (values.size === 1) fixed[name] = [...values][0];
  }
  return fixed as Dispatcher.DispatchOptions['headers'];
}

type Undici = typeof import('undici');

/**
 * undici, loaded on the first use of a guarded scope (not at start: loading it sets a global
 * dispatcher of its own where Node's fetch had none yet), and the global `fetch`'s dispatcher, set
 * then, once per process, through undici's public API (Node's fetch uses undici's global
 * dispatcher): a request made inside `guardedScope(...).run` goes through that scope's guarded
 * agent, every other one through the dispatcher that was there before, as it did.
 */
let loaded: Promise<Undici> | undefined;
const undici = () => {
  loaded ??= import('undici').then((module) => {
    installScopedDispatcher(module);
    return module;
  });
  return loaded;
};

function installScopedDispatcher({ Dispatcher, getGlobalDispatcher, setGlobalDispatcher }: Undici) {
  const before = getGlobalDispatcher();
  class Scoped extends Dispatcher {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const guarded = scoped.getStore();
      if (!guarded) return before.dispatch(options, handler);
      return guarded.dispatch({ ...options, headers: oneContentLength(options.headers) }, handler);
    }
    override close(): Promise<void> {
      return before.close();
    }
    override destroy(): Promise<void> {
      return before.destroy();
    }
  }
  setGlobalDispatcher(new Scoped());
}

/**
 * For a library that calls the global `fetch` itself (Fedify delivering to an inbox, reading an
 * actor or a key): `run(work)` runs `work` with every connection its fetches open checked by the
 * same `connectionCheck` as this module's own requests (a name resolved once, by the connection;
 * an address written as such checked first; every redirect a new connection, checked again),
 * with a time limit on an answer's head and body and a size limit on the body. Outside `run`,
 * fetches are untouched.
 */
export function guardedScope(options: AddressRules & { timeoutMs?: number; maxBytes?: number } = {}) {
  const { timeoutMs = 15_000, maxBytes = 1024 * 1024 } = options;
  const { lookup, literal } = connectionCheck(options);
  let made: Promise<Dispatcher> | undefined;
  const agent = () => {
    made ??= undici().then(({ Agent, buildConnector }) => {
      const connector = buildConnector({ lookup, timeout: timeoutMs });
      return new Agent({
        connect: (connection, callback) => {
          try {
            literal(connection.hostname);
          } catch (error) {
            callback(error as Error, null);
            return;
          }
          connector(connection, callback);
        },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        maxResponseSize: maxBytes,
      });
    });
    return made;
  };
  return {
    run: async <T>(work: () => Promise<T>): Promise<T> => scoped.run(await agent(), work),
    close: async () => {
      if (made) await (await made).close();
    },
  };
}
