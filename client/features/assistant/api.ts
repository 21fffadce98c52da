import type { ChatReplyDto, ImprovedTextDto, ParaphraseInput, WorkReportInput } from '../../../core/assistant/schemas';
import { api } from '../../lib/api';

/** The assistant's calls (issue 10). Chat answers are not cached: each message is its own question. */
export const assistantApi = {
  chat: (message: string) => api.post<ChatReplyDto>('/api/assistant/chat', { message }),
  paraphrase: (body: ParaphraseInput) => api.post<ImprovedTextDto>('/api/assistant/paraphrase', body),
  workReport: (body: WorkReportInput) => api.post<ImprovedTextDto>('/api/assistant/work-report', body),
};
