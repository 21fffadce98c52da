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
    [{ FILE_STORE: 'ftp' }, 'FILE_STORE'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'gso', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ FILE_STORE: 's3', S3_BUCKET: 'gso', S3_PREFIX: '../gso' }, 'S3_PREFIX'],
  ])('stops the start on a wrong value, naming it: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: `));
  });

  it('believes forwarded addresses only from the proxies named', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/name the proxy addresses/);
  });

  it('keeps files in the upload folder unless an S3-compatible bucket is named', () => {
    expect(loadConfig({ DATA_DIR: '/srv/gso' }).files).toEqual({ kind: 'local', dir: '/srv/gso/uploads' });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE=s3 needs S3_BUCKET/);
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'gso', S3_ENDPOINT: 'http://minio:9000', S3_PREFIX: 'campus/' }).files).toEqual({
      kind: 's3',
      bucket: 'gso',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      // An endpoint of one's own (MinIO, Garage) is addressed by path; AWS itself by bucket host name.
      forcePathStyle: true,
      prefix: 'campus/',
    });
    expect(loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'gso', S3_REGION: 'eu-west-1' }).files).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
    });
  });
});
