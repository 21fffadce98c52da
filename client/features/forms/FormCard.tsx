import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconEyeOff } from '@tabler/icons-react';

/** A form card (docs/product.md, docs/decisions/form-checks.md): title, About This Form, Show Forms/Hide Forms, Download Form, and the form itself. */
export function FormCard({
  id,
  title,
  about,
  downloading,
  onDownload,
  extra,
  children,
}: {
  id: string;
  title: string;
  about: string;
  downloading: boolean;
  onDownload: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Stack>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={2} size="h3" id={`${id}-title`}>
            {title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={shown ? <IconEyeOff size={18} /> : <IconEye size={18} />}
              aria-expanded={shown}
              onClick={() => setShown((s) => !s)}
            >
              {shown ? 'Hide Forms' : 'Show Forms'}
            </Button>
            {extra}
            <Button leftSection={<IconDownload size={18} />} onClick={onDownload} disabled={downloading}>
              {downloading ? 'Downloading...' : 'Download Form'}
            </Button>
          </Group>
        </Group>
        <div>
          <Text fw={600} size="sm">
            About This Form
          </Text>
          <Text size="sm" c="dark.6">
            {about}
          </Text>
        </div>
        {shown && <Box id={`${id}-form`}>{children}</Box>}
      </Stack>
    </Card>
  );
}
