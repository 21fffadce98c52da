import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import {
  apiTokenForm,
  AREA_WORDS,
  latestExpiry,
  LEVEL_WORDS,
  newTokenValues,
  SCOPE_LEVELS,
  TOKEN_AREAS,
  TOKEN_NAME_MAX,
  type ScopeLevel,
} from '../../../core/tokens/rules';
import { useCampusToday } from '../site/useCampusToday';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { SecretOnce } from '../../ui/SecretOnce';
import { Segments } from '../../ui/Segments';
import { useTokenActions } from './api';

const LEVELS = SCOPE_LEVELS.map((value) => ({ value, label: LEVEL_WORDS[value] }));

/**
 * New API Token (docs/decisions/api-tokens.md): name, expiry and each area's access, checked by the core form rule;
 * once made, the secret is shown this once with a copy button.
 */
export function NewTokenDialog({ onClose }: { onClose: () => void }) {
  const today = useCampusToday();
  const form = useSchemaForm(apiTokenForm(today), newTokenValues(today), { show: 'first' });
  const { create } = useTokenActions();
  const [made, setMade] = useState<{ name: string; secret: string } | null>(null);

  if (made) return <TokenSecret name={made.name} secret={made.secret} onClose={onClose} />;

  return (
    <FormDialog
      form={form}
      title="New API Token"
      onClose={onClose}
      onSubmit={async (body) => {
        const res = await create.mutateAsync(body);
        setMade({ name: res.token.name, secret: res.secret });
      }}
      submitLabel="Create Token"
      submitIcon={<IconKey size={18} />}
      busy={create.isPending}
      size="lg"
      intro={
        <Text size="sm" c="dark.6">
          A token lets another campus system call the API as you, in the areas you choose. It is shown once.
        </Text>
      }
    >
      <TextInput
        label="Name"
        description="The system that will use it, such as Registrar sync"
        required
        maxLength={TOKEN_NAME_MAX}
        {...form.getInputProps('name')}
        data-autofocus
      />
      <TextInput
        label="Expires on"
        description="The last day it works: at most two years ahead"
        type="date"
        required
        min={today}
        max={latestExpiry(today)}
        {...form.getInputProps('expiresOn')}
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Access
        </Text>
        {TOKEN_AREAS.map((area) => (
          <Group key={area} justify="space-between" wrap="wrap" gap="xs">
            <div>
              <Text size="sm">{AREA_WORDS[area].label}</Text>
              <Text size="xs" c="dark.6">
                {AREA_WORDS[area].what}
              </Text>
            </div>
            <Segments<ScopeLevel>
              label={`${AREA_WORDS[area].label} access`}
              size="xs"
              value={form.values.scopes[area]}
              onChange={(v) => form.setFieldValue(`scopes.${area}`, v)}
              data={LEVELS}
            />
          </Group>
        ))}
      </Stack>
    </FormDialog>
  );
}

function TokenSecret({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  return (
    <SecretOnce
      title={`Token made: ${name}`}
      label="API token"
      secret={secret}
      warning="This is the only time the token is shown. Keep it in the other system's secret store; if it is lost, revoke it and make a new one."
      hint="Send it as the header Authorization: Bearer followed by the token (docs/api.md)."
      testId="token-secret"
      onClose={onClose}
    />
  );
}
