import { VerifyEmailPage } from '../../features/auth/VerifyEmailPage';

export default function VerifyPersonnelEmail() {
  return <VerifyEmailPage portal="personnel" backLabel="Back to Personnel Login" />;
}
