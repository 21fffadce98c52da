import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * docs/decisions/assistant.md: the assistant's key is a server setting only. The browser app is built here, into a temp folder,
 * with the assistant's settings in the environment (as on a server that has them), and every emitted file is
 * searched for the key and for the settings' names.
 */
/** A made-up key, new each run, for the fake service: nothing that looks like a real secret is committed. */
const KEY = `test-key-${crypto.randomUUID()}`;
const NAMES = ['ASSISTANT_API_KEY', 'ASSISTANT_BASE_URL', 'ASSISTANT_MODEL', 'ASSISTANT_TIMEOUT_MS', 'apiKey'];

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

describe('the assistant key never reaches the browser', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-client-build-'));
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
    fs.rmSync(out, { recursive: true, force: true });
  });

  it('no emitted file holds the key or the settings’ names', { timeout: 240_000 }, async () => {
    Object.assign(process.env, {
      ASSISTANT_API_KEY: KEY,
      ASSISTANT_BASE_URL: 'http://127.0.0.1:9/v1',
      ASSISTANT_MODEL: 'gpt-3.5-turbo-16k',
      VITE_ASSISTANT_API_KEY: KEY,
    });
    await build({
      configFile: path.resolve(import.meta.dirname, '../../vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: out, emptyOutDir: true, manifest: false },
    });
    const files = filesUnder(out);
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    for (const f of files) {
      const body = fs.readFileSync(f).toString('latin1');
      expect(body.includes(KEY), `${path.relative(out, f)} holds the key`).toBe(false);
      for (const name of NAMES) expect(body.includes(name), `${path.relative(out, f)} names ${name}`).toBe(false);
    }
  });
});
