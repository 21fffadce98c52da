import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { BrandMark } from './BrandMark';

/** The frame of every sign-in, registration and verification page. */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 440,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Box w="100%" maw={width}>
        <Stack align="center" mb="md">
          <BrandMark />
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          {subtitle && (
            <Text c="dark.6" ta="center" mt={4} mb="md" size="sm">
              {subtitle}
            </Text>
          )}
          {children}
        </Paper>
      </Box>
    </Center>
  );
}
