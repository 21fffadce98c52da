import { ForgotPasswordPage } from '../../features/auth/ForgotPasswordPage';

export default function ForgotPassword() {
  return <ForgotPasswordPage />;
}
