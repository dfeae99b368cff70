import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no variables set, on safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      NODE_ENV: 'development',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    // The AI features run on the built-in engines and call nobody.
    expect(config.AI_PROVIDER).toBe('local');
    expect(config.AI_BASE_URL).toBeUndefined();
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ DATABASE_URL: '', PUBLIC_URL: '', ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_USERNAME).toBeUndefined();
    const storage = loadConfig({
      S3_BUCKET: '',
      S3_REGION: '',
      S3_FORCE_PATH_STYLE: '',
      S3_PREFIX: '',
      BACKUP_KEEP: '',
    });
    expect(storage).toMatchObject({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      S3_PREFIX: 'uploads/',
    });
    expect(storage.S3_BUCKET).toBeUndefined();
    expect(storage.BACKUP_KEEP).toBe(7);
    expect(loadConfig({ S3_FORCE_PATH_STYLE: '1', S3_PREFIX: 'sites/jordan/' })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'sites/jordan/',
    });
  });

  it("takes TRUST_PROXY as the proxies' addresses and ranges, or a count of hops", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.2, 192.168.0.0/16 ,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  it('takes PUBLIC_URL without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/' }).publicUrl).toBe('https://example.com');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a port number'],
    [{ PORT: '70000' }, 'PORT: must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a valid URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL: must be a valid URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ ADMIN_USERNAME: 'owner' }, 'ADMIN_PASSWORD: must be set together'],
    [{ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 12 characters'],
    [{ ADMIN_USERNAME: 'o w', ADMIN_PASSWORD: 'long-enough-secret' }, 'ADMIN_USERNAME'],
    [{ AI_PROVIDER: 'openai-compatible' }, 'AI_BASE_URL: must be set when AI_PROVIDER is openai-compatible'],
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER'],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ S3_PREFIX: '../up' }, 'S3_PREFIX: must be empty or folder names ending in /'],
    [{ S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT: must be a valid URL'],
    [{ BACKUP_KEEP: '0' }, 'BACKUP_KEEP: must be at least 1'],
    [{ AI_BASE_URL: 'ftp://models' }, 'AI_BASE_URL: must be a valid URL'],
    [{ AI_TIMEOUT_MS: '5' }, 'AI_TIMEOUT_MS: must be at least 100 milliseconds'],
    [{ TRUST_PROXY: 'on' }, "TRUST_PROXY: must be the proxies' addresses"],
    [{ TRUST_PROXY: 'true' }, "TRUST_PROXY: must be the proxies' addresses"],
    [{ TRUST_PROXY: '10.0.0.0/33' }, "TRUST_PROXY: must be the proxies' addresses"],
    [{ TRUST_PROXY: '10.0.0.2,proxy.local' }, "TRUST_PROXY: must be the proxies' addresses"],
    [{ BOOKING_ICS_URLS: 'webcal://calendar.example/x.ics' }, 'BOOKING_ICS_URLS: must be http(s) addresses'],
    [
      { BOOKING_ICS_URLS: 'https://a.example/x.ics not-an-address' },
      'BOOKING_ICS_URLS: must be http(s) addresses',
    ],
    [
      { BOOKING_CALDAV_URL: 'https://caldav.example/' },
      'BOOKING_CALDAV_URL: must hold the user name and app password',
    ],
    [{ BOOKING_CALDAV_URL: 'ftp://me:pw@caldav.example/' }, 'BOOKING_CALDAV_URL: must be an http(s) address'],
  ])('stops on %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
