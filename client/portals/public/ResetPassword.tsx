import { ResetPasswordPage } from '../../features/auth/ResetPasswordPage';

export default function ResetPassword() {
  return <ResetPasswordPage />;
}
