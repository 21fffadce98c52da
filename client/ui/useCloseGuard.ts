import { useRef, type KeyboardEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { DRAFT_MSG } from '../../core/messages';
import { askBeforeClosing } from './confirm';

/**
 * Closing a dialog that holds a draft (docs/decisions/drafts.md). With nothing typed or chosen it closes at
 * once; otherwise Escape, a tap outside, the close button and Cancel ask first: keep editing, keep as draft
 * (closes; the draft comes back when the dialog is opened again) or discard. Spread `modalProps` on the Modal
 * and call `close` from Cancel. `what` names what would be lost, `where` how to open the dialog again.
 */
export function useCloseGuard({
  dirty,
  what,
  where,
  onClose,
  onDiscard,
}: {
  dirty: boolean;
  what: string;
  where: string;
  onClose: () => void;
  onDiscard: () => void;
}) {
  const asking = useRef(false);
  const close = async () => {
    if (asking.current) return;
    if (!dirty) return onClose();
    asking.current = true;
    try {
      const choice = await askBeforeClosing(what);
      if (choice === 'edit') return;
      if (choice === 'discard') onDiscard();
      else notifications.show({ title: DRAFT_MSG.draftKeptTitle, message: DRAFT_MSG.draftKept(where) });
      onClose();
    } finally {
      asking.current = false;
    }
  };
  return {
    close: () => void close(),
    modalProps: {
      onClose: () => void close(),
      // Escape is taken here rather than by the Modal's window-wide listener, which would also hear the
      // Escape that answers the question and ask again.
      closeOnEscape: false,
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
        const target = e.target as HTMLElement;
        if (e.key !== 'Escape' || e.nativeEvent.isComposing || target.getAttribute?.('data-mantine-stop-propagation') === 'true') return;
        e.stopPropagation();
        void close();
      },
    },
  };
}
