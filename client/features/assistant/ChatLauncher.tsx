import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconMessageCircle, IconX } from '@tabler/icons-react';
import { ASSISTANT_MSG } from '../../../core/messages';
import { Floating } from '../../ui/FloatingDock';
import type { ChatStage } from './ChatWidget';

// The teaser and the panel load on the first click, so the pages that show the button stay light.
const ChatWidget = lazy(() => import('./ChatWidget'));

/** The support chat (docs/product.md): a closed round button, then a teaser card, then a side panel. */
export function ChatLauncher() {
  const [stage, setStage] = useState<ChatStage>('closed');
  const [loaded, setLoaded] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setStage('closed');
    // Focus goes back to the round button once the panel has gone.
    setTimeout(() => button.current?.focus(), 0);
  }, []);
  const toggle = () => {
    setLoaded(true);
    setStage((s) => (s === 'closed' ? 'teaser' : 'closed'));
  };

  return (
    <>
      <Floating order={0}>
        <ActionIcon
          ref={button}
          size={56}
          radius="xl"
          variant="filled"
          aria-label={stage === 'teaser' ? ASSISTANT_MSG.chatClose : ASSISTANT_MSG.chatOpen}
          aria-expanded={stage !== 'closed'}
          onClick={toggle}
          style={{ boxShadow: '0 4px 14px rgba(0,0,0,.25)' }}
        >
          {stage === 'teaser' ? <IconX size={26} aria-hidden /> : <IconMessageCircle size={28} aria-hidden />}
        </ActionIcon>
      </Floating>
      {loaded && (
        <Suspense fallback={null}>
          <ChatWidget stage={stage} onStart={() => setStage('panel')} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
