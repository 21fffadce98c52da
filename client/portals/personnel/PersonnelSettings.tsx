import { AccountSettings } from '../../features/accounts/AccountSettings';

export default function PersonnelSettings() {
  return <AccountSettings portal="personnel" />;
}
