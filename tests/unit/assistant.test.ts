import { describe, expect, it } from 'vitest';
import { searchKnowledge } from '../../core/assistant/knowledge';
import { intentOf, isOffTopic, offlineParaphrase, tidyText } from '../../core/assistant/rules';

describe('the assistant rules', () => {
  it('redirects the spec’s off-topic words unless the message greets or thanks', () => {
    for (const m of ['What is the weather today?', 'Any good movies?', 'latest sports news', 'recipe for adobo', 'my personal life'])
      expect(isOffTopic(m), m).toBe(true);
    for (const m of [
      'Hi! How is the weather?',
      'Thanks, that game was fun',
      'salamat sa news',
      'How do I borrow a projector?',
      'Is the personnel in?',
    ])
      expect(isOffTopic(m), m).toBe(false);
  });

  it('reads what is asked: own records by number, own lists, the week, or a general question', () => {
    expect(intentOf('what about REQ-12?')).toEqual({ kind: 'request', id: 12, code: 'REQ-12' });
    expect(intentOf('brw 7 status')).toEqual({ kind: 'request', id: 7, code: 'BRW-7' });
    expect(intentOf('Is RPR-3 done?')).toEqual({ kind: 'repair', id: 3, code: 'RPR-3' });
    expect(intentOf('show my requests').kind).toBe('myRequests');
    expect(intentOf('What is due?').kind).toBe('myRequests');
    expect(intentOf('status of my repair report').kind).toBe('myRepairs');
    expect(intentOf('What is assigned to me this week?').kind).toBe('myWeek');
    expect(intentOf('How do I report a repair?').kind).toBe('question');
  });

  it('tidies text offline: spacing, capitals, punctuation, and the priority wording', () => {
    expect(tidyText('  the light  is broken ,please fix.it flickers')).toBe('The light is broken, please fix. It flickers.');
    expect(offlineParaphrase('leak', 'medium')).toBe('Leak. This issue requires prompt attention.');
    expect(offlineParaphrase('leak', 'low')).toContain('routine maintenance');
    expect(offlineParaphrase('the pipe is 2.5 m long', 'low')).toBe(
      'The pipe is 2.5 m long. This issue can be handled as routine maintenance.',
    );
  });

  it('never repeats a sentence offline: pressed again, or with another priority, the closing sentence is replaced', () => {
    const once = offlineParaphrase('leak under the sink', 'high');
    expect(offlineParaphrase(once, 'high')).toBe(once);
    expect(offlineParaphrase(once, 'low')).toBe('Leak under the sink. This issue can be handled as routine maintenance.');
    expect(offlineParaphrase('Leak. leak.', 'medium')).toBe('Leak. This issue requires prompt attention.');
  });

  it('ranks the knowledge base in the question’s language, and finds nothing for unrelated questions', () => {
    expect(searchKnowledge('How do I borrow a projector?')?.id).toBe('borrow-en');
    expect(searchKnowledge('Paano humiram ng projector?')?.id).toBe('borrow-tl');
    expect(searchKnowledge('Paano ibalik ang hiniram?')?.id).toBe('return-tl');
    expect(searchKnowledge('What is the capital of France?')).toBeNull();
  });
});
