import { VerifyEmailPage } from '../../features/auth/VerifyEmailPage';

export default function VerifyUserEmail() {
  return <VerifyEmailPage portal="user" backLabel="Back to Login" />;
}
