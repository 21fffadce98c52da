import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration', () => {
  it('has working defaults: development, SQLite, no proxy believed', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dev: true, databaseUrl: null, trustProxy: false, campusTimeZone: 'Asia/Manila' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ CAMPUS_TZ: 'Mars/Olympus' }, 'CAMPUS_TZ'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ GSO_DEMO: 'maybe' }, 'GSO_DEMO'],
    [{ COOKIE_SECURE: 'sometimes' }, 'COOKIE_SECURE'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV'],
  ])('stops the start on a wrong value, naming it: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  it('believes forwarded addresses only from the proxies named', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/name the proxy addresses/);
  });
});
