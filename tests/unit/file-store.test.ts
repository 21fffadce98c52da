import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStore, safeFileName } from '../../server/lib/fileStore';
import { FILES } from '../helpers';

describe('stored file names', () => {
  it('are folders and a plain file name; nothing that could reach outside the store', () => {
    expect(safeFileName('proofs/7c1e0f3a-1b2c-4d5e-8f90-123456789abc.jpg')).toBe('proofs/7c1e0f3a-1b2c-4d5e-8f90-123456789abc.jpg');
    for (const bad of [
      '../etc/passwd',
      'proofs/../../x.png',
      '/proofs/x.png',
      'proofs//x.png',
      'x.png',
      'proofs/x y.png',
      'proofs/.',
      'a\\b/c.png',
      '',
    ])
      expect(safeFileName(bad), bad).toBeNull();
  });
});

describe('the upload folder store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-store-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const store = createLocalFileStore(path.join(root, 'uploads'));

  it('saves under a new name by content, reads back with the type from the bytes, lists and removes', async () => {
    const name = await store.save('proofs', { buffer: FILES.png, kind: 'png' });
    expect(name).toMatch(/^proofs\/[0-9a-f-]{36}\.png$/);
    expect(await store.read(name)).toMatchObject({ kind: 'png', mime: 'image/png' });
    const listed: string[] = [];
    for await (const n of store.list()) listed.push(n);
    expect(listed).toEqual([name]);
    await store.remove(name);
    expect(await store.read(name)).toBeNull();
  });

  it('never reads, writes or removes outside its folder', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'keep');
    expect(await store.read('../secret.txt')).toBeNull();
    await store.remove('../secret.txt');
    expect(fs.readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('keep');
    await expect(store.put('../secret.txt', Buffer.from('x'))).rejects.toThrow(/Not a stored file name/);
  });
});
