import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../core/messages';

/** Download Form (docs/product.md, docs/decisions/form-checks.md): "Downloading..." while the server builds the PDF, then Download Started or Download Failed. */
export function useFormDownload(title: string, run: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await run();
      notifications.show({ color: 'green', title: MSG.downloadStartedTitle, message: MSG.downloadStarted(title) });
    } catch {
      notifications.show({ color: 'red', title: MSG.downloadFailedTitle, message: MSG.downloadFailed });
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
