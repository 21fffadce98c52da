import { AccountSettings } from '../../features/accounts/AccountSettings';

export default function UserSettings() {
  return <AccountSettings portal="user" />;
}
