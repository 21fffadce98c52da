import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, makeApp, type TestApp } from '../helpers';

describe('dashboard charts (smoke)', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await makeApp();
    admin = await loginAs(app, 'admin');
  });
  afterAll(() => app.close());
  it('answers', async () => {
    for (const p of ['30', '90', 'term']) {
      const res = await app.inject({ method: 'GET', url: `/api/dashboard/charts/office?period=${p}`, headers: { cookie: admin } });
      console.log(res.statusCode, res.body.slice(0, 3000));
    }
  });
});
