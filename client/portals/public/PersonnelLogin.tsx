import { StaffLoginPage } from '../../features/auth/StaffLoginPage';

export default function PersonnelLogin() {
  return <StaffLoginPage portal="personnel" title="Personnel Login" subtitle="Sign in to handle requests, repairs and your schedule." />;
}
