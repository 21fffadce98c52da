import { endpoints } from '../common/endpoint';
import type { Role } from '../roles';
import { chatBody, chatReply, improvedText, paraphraseBody, workReportBody } from './schemas';

/** Only faculty report repairs, so only they paraphrase descriptions (docs/product.md). */
const FACULTY: readonly Role[] = ['faculty'];
/** Only personnel complete work, so only they generate work reports (docs/product.md). */
const PERSONNEL: readonly Role[] = ['personnel'];

export const assistantEndpoints = endpoints({
  chat: {
    method: 'POST',
    path: '/api/assistant/chat',
    access: 'public',
    schema: {
      summary:
        'Ask the GSO assistant: { message }. 10 messages per 3 minutes per account, else per address (429); off-topic messages are redirected; signed-in callers can ask about their own requests and reports',
      body: chatBody,
      response: { 200: chatReply },
    },
  },
  paraphrase: {
    method: 'POST',
    path: '/api/assistant/paraphrase',
    access: FACULTY,
    schema: {
      summary:
        'AI Paraphrase of a repair issue description (faculty): { text, language: english|tagalog, priority }; 20 per 10 minutes (429)',
      body: paraphraseBody,
      response: { 200: improvedText },
    },
  },
  workReport: {
    method: 'POST',
    path: '/api/assistant/work-report',
    access: PERSONNEL,
    schema: {
      summary: 'Generate Professional Report from a work description (personnel): { text, repairId? }; 20 per 10 minutes (429)',
      body: workReportBody,
      response: { 200: improvedText },
    },
  },
});
