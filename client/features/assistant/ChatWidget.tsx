import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Anchor, Box, Button, Card, CloseButton, Drawer, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { ChatLink } from '../../../core/assistant/schemas';
import { MAX_CHAT_CHARS } from '../../../core/assistant/rules';
import { ASSISTANT_MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { assistantApi } from './api';

/** docs/product.md: a chat message (id, content, isUser, timestamp), with the screens it links to. */
interface ChatMessage {
  id: number;
  content: string;
  isUser: boolean;
  timestamp: Date;
  links?: ChatLink[];
  detail?: string;
}

let nextId = 1;
const message = (content: string, isUser: boolean, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: nextId++,
  content,
  isUser,
  timestamp: new Date(),
  ...extra,
});

function Teaser({ onStart, onClose }: { onStart: () => void; onClose: () => void }) {
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    start.current?.focus();
  }, []);
  return (
    <Card
      withBorder
      shadow="md"
      padding="md"
      radius="md"
      role="region"
      aria-label={ASSISTANT_MSG.chatTitle}
      className="gso-no-print"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      // Above the whole stack of floating buttons (client/ui/FloatingDock), whatever is in it.
      style={{
        position: 'fixed',
        right: 16,
        bottom: 'calc(var(--gso-float-reserve, 88px) - 4px)',
        zIndex: 190,
        width: 'min(320px, calc(100vw - 32px))',
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={700}>{ASSISTANT_MSG.chatTeaserTitle}</Text>
        <CloseButton aria-label={ASSISTANT_MSG.chatClose} onClick={onClose} />
      </Group>
      <Text size="sm" mt={4}>
        {ASSISTANT_MSG.chatTeaserText}
      </Text>
      <Button ref={start} mt="sm" fullWidth onClick={onStart}>
        {ASSISTANT_MSG.chatStart}
      </Button>
    </Card>
  );
}

function Bubble({ m }: { m: ChatMessage }) {
  return (
    <Box style={{ alignSelf: m.isUser ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Box
        px="sm"
        py={6}
        style={{
          borderRadius: 12,
          background: m.isUser ? 'var(--mantine-color-gso-7)' : 'var(--mantine-color-gray-1)',
          color: m.isUser ? 'white' : 'var(--mantine-color-dark-9)',
        }}
      >
        <VisuallyHidden>{m.isUser ? 'You said: ' : 'Assistant: '}</VisuallyHidden>
        {/* Plain text, never markup: what the model writes cannot become part of the page. */}
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} c="inherit">
          {m.content}
        </Text>
        {m.detail && (
          <Text size="xs" mt={4} c="dark.6">
            {m.detail}
          </Text>
        )}
      </Box>
      {m.links && m.links.length > 0 && (
        <Group gap="xs" mt={4}>
          {m.links.map((l) => (
            <Anchor key={l.href} href={l.href} size="sm">
              {l.label}
            </Anchor>
          ))}
        </Group>
      )}
    </Box>
  );
}

/** Where the chat is: the round button alone, the teaser card, or the side panel. */
export type ChatStage = 'closed' | 'teaser' | 'panel';

/** The teaser card and the side panel; loaded on the first click of the round button. */
export default function ChatWidget({ stage, onStart, onClose }: { stage: ChatStage; onStart: () => void; onClose: () => void }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const open = stage === 'panel';

  // A greeting on opening; closing clears every message.
  useEffect(() => {
    if (open) setMessages((cur) => (cur.length ? cur : [message(ASSISTANT_MSG.chatGreeting, false)]));
  }, [open]);
  // (Braces: newer browsers' scrollIntoView returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages, pending]);

  const close = () => {
    setMessages([]);
    setDraft('');
    onClose();
  };

  const send = async () => {
    const text = draft.trim();
    if (!text || pending) return;
    setDraft('');
    setMessages((cur) => [...cur, message(text, true)]);
    setPending(true);
    try {
      const r = await assistantApi.chat(text);
      setMessages((cur) => [...cur, message(r.reply, false, { links: r.links, detail: r.detail })]);
    } catch (err) {
      const rateLimited = err instanceof ApiError && err.status === 429;
      setMessages((cur) => [...cur, message(rateLimited ? ASSISTANT_MSG.chatRateLimit : ASSISTANT_MSG.chatFailure, false)]);
    } finally {
      setPending(false);
      input.current?.focus();
    }
  };

  return (
    <>
      {stage === 'teaser' && <Teaser onStart={onStart} onClose={onClose} />}
      <Drawer
        opened={open}
        onClose={close}
        position="right"
        size={400}
        title={ASSISTANT_MSG.chatTitle}
        returnFocus={false}
        closeButtonProps={{ 'aria-label': ASSISTANT_MSG.chatClose }}
        styles={{
          content: { maxWidth: '100vw', display: 'flex', flexDirection: 'column' },
          body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0, paddingBottom: 12 },
        }}
      >
        <Stack
          gap="sm"
          role="log"
          aria-live="polite"
          aria-label="Chat messages"
          tabIndex={0}
          style={{ flex: 1, overflowY: 'auto', minHeight: 0, paddingBlock: 4 }}
        >
          {messages.map((m) => (
            <Bubble key={m.id} m={m} />
          ))}
          {pending && (
            <Text size="sm" c="dark.6" fs="italic">
              {ASSISTANT_MSG.chatThinking}
            </Text>
          )}
          <div ref={end} />
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap" mt="sm">
            <Textarea
              ref={input}
              data-autofocus
              aria-label="Your message"
              placeholder={ASSISTANT_MSG.chatPlaceholder}
              autosize
              minRows={1}
              maxRows={4}
              maxLength={MAX_CHAT_CHARS}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter starts a new line.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void send();
                }
              }}
              style={{ flex: 1 }}
            />
            <ActionIcon type="submit" size={36} aria-label={ASSISTANT_MSG.chatSend} disabled={pending || !draft.trim()}>
              <IconSend size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      </Drawer>
    </>
  );
}
