import { Anchor, Group, Stack, Text } from '@mantine/core';
import { AppLink } from '../../lib/navigation';
import { LoginForm } from '../../features/auth/LoginForm';
import { AuthCard } from '../../ui/AuthCard';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

export default function UserLogin() {
  useDocumentTitle('Login');
  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to borrow equipment, report repairs and follow your requests.">
      <LoginForm
        portal="user"
        identifierLabel="Email"
        identifierPlaceholder="you@campus.edu"
        successDialog
        links={
          <Stack>
            <Text size="sm" ta="center">
              Don&apos;t have an account?{' '}
              <Anchor component={AppLink} to="/register">
                Register
              </Anchor>
            </Text>
            <Group justify="center" gap="lg">
              <Anchor component={AppLink} to="/admin-login" size="sm">
                Admin login
              </Anchor>
              <Anchor component={AppLink} to="/personnel-login" size="sm">
                Personnel login
              </Anchor>
            </Group>
          </Stack>
        }
      />
    </AuthCard>
  );
}
