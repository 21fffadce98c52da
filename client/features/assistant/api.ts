import type { ParaphraseInput, WorkReportInput } from '../../../core/assistant/schemas';
import { api } from '../../lib/api';

/** The assistant's calls. Chat answers are not cached: each message is its own question. */
export const assistantApi = {
  chat: (message: string) => api.post('/api/assistant/chat', { body: { message } }),
  paraphrase: (body: ParaphraseInput) => api.post('/api/assistant/paraphrase', { body }),
  workReport: (body: WorkReportInput) => api.post('/api/assistant/work-report', { body }),
};
