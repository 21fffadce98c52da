import type { TestProject } from 'vitest/node';
import { makeAppTemplates, type AppTemplates } from './appTemplates';

declare module 'vitest' {
  interface ProvidedContext {
    appTemplates: AppTemplates | null;
  }
}

/** Makes the test apps' template databases once for the whole run (tests/appTemplates.ts), and drops them after. */
export default async function setup(project: TestProject) {
  // GSO_TEST_TEMPLATES=0: every test app migrates and seeds its own database, as before the templates.
  if (process.env.GSO_TEST_TEMPLATES === '0') return project.provide('appTemplates', null);
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || null;
  const { templates, drop } = await makeAppTemplates(serverUrl);
  project.provide('appTemplates', templates);
  return drop;
}
