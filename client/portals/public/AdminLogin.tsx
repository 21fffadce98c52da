import { StaffLoginPage } from '../../features/auth/StaffLoginPage';

export default function AdminLogin() {
  return <StaffLoginPage portal="admin" title="Admin Access" subtitle="Sign in to manage the General Services Office." />;
}
