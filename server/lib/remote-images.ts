/**
 * Images on other sites, brought here when posts are imported (issue 34): the post then shows them
 * from this site's uploads, so a visitor's browser never asks a third party and the
 * Content-Security-Policy stays as it is. The owner starts an import; the server fetches the
 * addresses the posts name, so it guards what it fetches: http(s) only, no address on this
 * machine or its private network (unless told, as the tests' stand-in on 127.0.0.1 needs), at most
 * a few redirects, each checked again, a size limit and a time limit, and an image's type.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface RemoteImages {
  /** The image's bytes; an Error whose message says why not, in words for the import's report. */
  fetch(url: string): Promise<Buffer>;
}

export interface HttpImagesOptions {
  /** Allow addresses on this machine and private networks (the tests' stand-in server). */
  allowPrivate?: boolean;
  /** Only these host names (the tests: nothing but 127.0.0.1 and localhost). */
  hosts?: RegExp;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** How requests go out (tests may pass a stand-in). */
  fetch?: typeof fetch;
  /** How host names resolve (tests may pass a stand-in). */
  resolve?: (host: string) => Promise<string[]>;
}

/** IPv4 and IPv6 addresses that are this machine, a private network, or otherwise not the internet. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  return (
    lower === '::' ||
    lower === '::1' ||
    lower.startsWith('fc') ||
    lower.startsWith('fd') ||
    lower.startsWith('fe80') ||
    lower.startsWith('ff')
  );
}

const defaultResolve = async (host: string) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

class Refused extends Error {}

const sizeWords = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

export function httpImages(options: HttpImagesOptions = {}): RemoteImages {
  const {
    allowPrivate = false,
    hosts,
    timeoutMs = 15_000,
    maxBytes = 15 * 1024 * 1024,
    maxRedirects = 3,
    fetch: send = fetch,
    resolve = defaultResolve,
  } = options;

  const check = async (address: URL) => {
    if (address.protocol !== 'http:' && address.protocol !== 'https:') {
      throw new Refused('only http and https addresses are fetched');
    }
    const host = address.hostname.replace(/^\[|\]$/g, '');
    if (hosts && !hosts.test(host)) throw new Refused(`${host} is not reachable from here`);
    if (allowPrivate) return;
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new Refused(`${host} could not be found`);
    if (addresses.some(isPrivateAddress)) throw new Refused(`${host} is on a private network`);
  };

  return {
    async fetch(url) {
      let address: URL;
      try {
        address = new URL(url);
      } catch {
        throw new Error('it is not a web address');
      }
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        for (let hop = 0; ; hop++) {
          await check(address);
          const response = await send(address, {
            redirect: 'manual',
            signal,
            headers: { accept: 'image/*' },
          });
          if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
            await response.body?.cancel();
            if (hop >= maxRedirects) throw new Refused('it redirects too many times');
            address = new URL(response.headers.get('location') ?? '', address);
            continue;
          }
          if (!response.ok) {
            await response.body?.cancel();
            throw new Refused(`the site answered ${response.status}`);
          }
          const type = response.headers.get('content-type') ?? '';
          if (!/^image\//i.test(type) && !/^application\/octet-stream/i.test(type)) {
            await response.body?.cancel();
            throw new Refused(`it is not an image (${type.split(';')[0] || 'no type'})`);
          }
          const declared = Number(response.headers.get('content-length') ?? 0);
          if (declared > maxBytes) {
            await response.body?.cancel();
            throw new Refused(`it is larger than ${sizeWords(maxBytes)}`);
          }
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of response.body ?? []) {
            size += chunk.length;
            if (size > maxBytes) throw new Refused(`it is larger than ${sizeWords(maxBytes)}`);
            chunks.push(Buffer.from(chunk));
          }
          return Buffer.concat(chunks);
        }
      } catch (error) {
        if (error instanceof Refused) throw new Error(error.message);
        if ((error as Error).name === 'TimeoutError')
          throw new Error(`no answer within ${timeoutMs / 1000} s`);
        throw new Error('the site could not be reached');
      }
    },
  };
}

/** What tests use: only this machine's stand-in servers, never the internet. */
export const loopbackImages = (options: HttpImagesOptions = {}) =>
  httpImages({ ...options, allowPrivate: true, hosts: /^(127\.0\.0\.1|localhost|::1)$/ });
