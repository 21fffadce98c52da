import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FILES, registrationFields } from '../helpers';
import { clientOf, startServer, type ServerProcess } from '../serverProcess';

// Production runs the server compiled to JavaScript (docs/deployment.md): built as `npm run build` builds it, it
// starts with plain node, no TypeScript loader, migrates, seeds the demo and answers.
describe('the compiled server', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gso-compiled-'));
  let server: ServerProcess | undefined;
  afterAll(() => {
    if (server?.process.exitCode === null) server.process.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs with plain node from dist/server, and stops cleanly on SIGTERM', async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs']);
    for (const entry of ['main.js', 'create-admin.js', 'backup.js'])
      expect(fs.existsSync(path.join('dist/server', entry)), entry).toBe(true);
    server = await startServer({ DATA_DIR: dir, NODE_OPTIONS: '' }, undefined, true);
    const admin = clientOf(server.base);
    expect((await admin.login('admin@campus.test', 'admin123', 'admin')).status).toBe(200);
    const jobs = await admin.call('/api/site/jobs');
    expect(jobs.status).toBe(200);

    // A PDF ID is drawn by the compiled worker (dist/server/pdf-pages.js) with the packages from node_modules.
    const form = new FormData();
    for (const [k, v] of Object.entries(registrationFields({ email: 'pdf@campus.test' }))) form.append(k, v);
    form.append('id_file', new Blob([FILES.pdf], { type: 'application/pdf' }), 'id.pdf');
    const registered = await clientOf(server.base).call('/api/auth/register', { method: 'POST', body: form });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const list = await (await admin.call('/api/accounts?type=faculty&search=pdf%40campus.test')).json();
    const idFile = await admin.call(`/api/accounts/${list.items[0].id}/id-file`);
    expect(idFile.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await idFile.arrayBuffer())).metadata()).format).toBe('jpeg');

    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
