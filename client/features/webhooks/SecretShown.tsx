import { SecretOnce } from '../../ui/SecretOnce';

/** A webhook's signing secret, shown this once (when added or rotated) with a copy button. */
export function SecretShown({ title, secret, onClose }: { title: string; secret: string; onClose: () => void }) {
  return (
    <SecretOnce
      title={title}
      label="Signing secret"
      secret={secret}
      warning="This is the only time the signing secret is shown. The receiver checks each delivery's webhook-signature with it; if it is lost, rotate the secret."
      hint="How to check a signature, in JavaScript and Python: docs/api.md, Webhooks."
      testId="webhook-secret"
      onClose={onClose}
    />
  );
}
