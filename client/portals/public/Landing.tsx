import { lazy, Suspense, useEffect, useState } from 'react';
import { ActionIcon, Anchor, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartBar,
  IconCalendar,
  IconClipboardList,
  IconPackage,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import { ChatLauncher } from '../../features/assistant/ChatLauncher';
import { useSiteStats } from '../../features/site/api';
import { useLeaveWhenDown } from '../../features/site/useLeaveWhenDown';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { BRAND_LINK_STYLE, BrandLogo } from '../../ui/BrandLogo';

const MaintenanceDialog = lazy(() => import('./MaintenanceDialog'));

const SLIDES = [
  {
    src: '/slides/lending.svg',
    alt: 'Equipment lending counter of the General Services Office',
    caption: 'Borrow equipment and supplies for classes and events',
  },
  { src: '/slides/repairs.svg', alt: 'Tools for campus maintenance and repairs', caption: 'Report repairs and follow them to completion' },
  { src: '/slides/campus.svg', alt: 'University campus buildings', caption: 'Keeping the campus running, every day' },
];
const SLIDE_MS = 3000;

const FEATURES = [
  {
    icon: IconClipboardList,
    title: 'Service Request Management',
    text: 'Request equipment and follow every request from submission to return.',
  },
  { icon: IconUsers, title: 'Staff Management', text: 'Personnel designations and assignments in one place.' },
  { icon: IconCalendar, title: 'Academic Scheduling', text: 'A weekly schedule of maintenance work across campus.' },
  { icon: IconPackage, title: 'Inventory Management', text: 'Live stock levels, low-stock alerts and inventory reports.' },
  { icon: IconChartBar, title: 'Performance Analytics', text: 'Real figures on requests, response times and completed work.' },
  { icon: IconShieldLock, title: 'Secure System', text: 'Verified accounts, approved registrations and protected data.' },
];

function Slideshow() {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  useEffect(() => {
    if (!playing) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), SLIDE_MS);
    return () => clearInterval(t);
  }, [playing]);
  const slide = SLIDES[index];
  return (
    <Box
      style={{ borderRadius: 16, overflow: 'hidden', background: '#1c4e80' }}
      aria-roledescription="carousel"
      aria-label="Campus GSO highlights"
    >
      <img
        src={slide.src}
        alt={slide.alt}
        width={1200}
        height={500}
        style={{ width: '100%', height: 'auto', aspectRatio: '12 / 5', objectFit: 'cover', display: 'block' }}
      />
      {/* The caption and controls sit under the picture, never over it. */}
      <Box px="md" py="sm" mih={{ base: 100, sm: 56 }} display="flex" style={{ alignItems: 'center' }}>
        <Group justify="space-between" wrap="nowrap" align="center" w="100%">
          <Text c="white" fw={600} aria-live={playing ? 'off' : 'polite'}>
            {slide.caption}
          </Text>
          <Group gap={6} wrap="nowrap">
            {SLIDES.map((s, i) => (
              <ActionIcon
                key={s.src}
                size="sm"
                radius="xl"
                variant={i === index ? 'white' : 'outline'}
                color="gray.0"
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              >
                <span aria-hidden style={{ fontSize: 10 }}>
                  {i + 1}
                </span>
              </ActionIcon>
            ))}
            <ActionIcon
              variant="white"
              radius="xl"
              aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            </ActionIcon>
          </Group>
        </Group>
      </Box>
    </Box>
  );
}

function LiveStats() {
  const stats = useSiteStats();
  // Keep the row's height while the figures load, so nothing below jumps.
  if (!stats.data) return <Box h={{ base: 326, md: 98 }} aria-hidden />;
  const s = stats.data;
  const figures = [
    { label: 'Requests handled', value: s.requestsHandled.toLocaleString() },
    { label: 'Items available to borrow', value: s.itemsAvailable.toLocaleString() },
    { label: 'Students and faculty served', value: s.peopleServed.toLocaleString() },
    { label: 'Repairs completed', value: s.repairsCompleted.toLocaleString() },
    ...(s.averageResponseHours !== null ? [{ label: 'Average first response', value: `${s.averageResponseHours} h` }] : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: figures.length }} spacing="md" aria-label="Live figures">
      {figures.map((f) => (
        <Card key={f.label} withBorder padding="md" ta="center">
          <Text fz={28} fw={800} c="gso.7">
            {f.value}
          </Text>
          <Text size="sm" c="dark.6">
            {f.label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * The public front page. It is its own small entry (client/landing.tsx), pre-rendered at build time, without
 * the router or the portals: its links are plain links that load the app.
 */
export function Landing() {
  useDocumentTitle('General Services Office');
  // A failed check goes to /maintenance, as from the sign-in pages; a site switched off shows the dialog here.
  const status = useLeaveWhenDown(false);
  const office = status.data?.office;
  const down = status.data?.available === false;

  return (
    <>
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <a href="/" style={BRAND_LINK_STYLE} aria-label="Campus GSO home">
              <BrandLogo />
            </a>
            <Group gap={6} wrap="nowrap">
              <Button component="a" href="/login" variant="default" size="compact-md">
                Login
              </Button>
              <Button component="a" href="/register" size="compact-md">
                Register
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" component="main" py="xl">
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1}>Campus General Services Office</Title>
            <Text size="lg" c="dark.6" maw={720}>
              Borrow equipment and supplies, report repairs, and follow every request online. Personnel and administrators keep stock, staff
              and schedules in order.
            </Text>
            <Group mt="sm">
              <Button component="a" href="/login" size="md">
                Login
              </Button>
              <Button component="a" href="/register" size="md" variant="outline">
                Register
              </Button>
            </Group>
          </Stack>
          <Slideshow />
          <LiveStats />
          <section aria-labelledby="features-title">
            <Title order={2} id="features-title" mb="md">
              What the office offers
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              {FEATURES.map((f) => (
                <Card key={f.title} withBorder padding="lg">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    <f.icon size={24} />
                  </ThemeIcon>
                  <Title order={3} size="h4" mt="sm">
                    {f.title}
                  </Title>
                  <Text size="sm" c="dark.6" mt={4}>
                    {f.text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>
      {/* Room below the footer's links for the floating chat button (client/ui/FloatingDock). */}
      <Box
        component="footer"
        pt="xl"
        bg="gso.8"
        c="white"
        style={{ paddingBottom: 'max(var(--mantine-spacing-xl), var(--gso-float-reserve, 0px))' }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Stack gap={4}>
              <Text fw={700}>{office?.name ?? 'General Services Office'}</Text>
              <Text size="sm">{office?.address}</Text>
            </Stack>
            <Stack gap={4}>
              <Text fw={700}>Contact</Text>
              {office && (
                <Anchor c="white" size="sm" href={`tel:${office.phone.replace(/[^\d+]/g, '')}`}>
                  {office.phone}
                </Anchor>
              )}
              {office && (
                <Anchor c="white" size="sm" href={`mailto:${office.email}`}>
                  {office.email}
                </Anchor>
              )}
            </Stack>
            <Stack gap={4}>
              <Text fw={700}>Office hours</Text>
              <Text size="sm">{office?.hours}</Text>
              <Group gap="md">
                <Anchor c="white" size="sm" href="/personnel-login">
                  Personnel login
                </Anchor>
                <Anchor c="white" size="sm" href="/admin-login">
                  Admin login
                </Anchor>
              </Group>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
      {down ? (
        <Suspense fallback={null}>
          <MaintenanceDialog />
        </Suspense>
      ) : (
        <ChatLauncher />
      )}
    </>
  );
}

export default Landing;
