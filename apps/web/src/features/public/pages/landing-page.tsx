import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { APP_DESCRIPTION } from '@pirouette/domain';
import {
  IconArrowRight,
  IconCalendarEvent,
  IconCreditCard,
  IconHanger,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { FeatureGrid } from '../components/feature-grid';
import classes from './landing-page.module.css';

const PREVIEW = [
  { icon: IconUsers, label: 'Accounts', text: 'Families, students, contacts' },
  { icon: IconCreditCard, label: 'Tuition', text: 'Plans, auto-pay, late fees' },
  { icon: IconCalendarEvent, label: 'Schedule', text: 'Classes, rooms, privates' },
  { icon: IconHanger, label: 'Costumes', text: 'Orders, deposits, balances' },
  { icon: IconTrophy, label: 'Competition', text: 'Entries and fees' },
];

const STEPS = [
  {
    title: 'Register your studio',
    text: 'Confirm your e-mail with a 6-digit code and enter your studio details. It takes a few minutes.',
  },
  {
    title: 'Share your parent link',
    text: 'Copy your studio’s sign-up link from the dashboard and send it to your families.',
  },
  {
    title: 'Families sign up and pay',
    text: 'Parents create their account, accept your studio terms and keep a card on file.',
  },
];

/** `/` — what Pirouette is, and the way in. */
export function LandingPage() {
  return (
    <>
      <Box className={classes.hero} py={{ base: 48, md: 96 }}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={40}>
            <Stack gap="lg" justify="center">
              <Badge variant="light" size="lg" w="fit-content">
                For dance studio owners
              </Badge>
              <Title order={1} fz={{ base: 36, sm: 48 }} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
                Run your dance studio, not your spreadsheets.
              </Title>
              <Text size="lg" c="dimmed" maw={520}>
                Pirouette is a {APP_DESCRIPTION.toLowerCase()}: family accounts, tuition and auto-pay, the
                class schedule, costumes and competitions, with a portal where parents register and pay.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/register" size="lg" rightSection={<IconArrowRight size={18} />}>
                  Register your studio
                </Button>
                <Button component={Link} to="/login" size="lg" variant="default">
                  Sign in
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                Parents: use the sign-up link your studio gave you.
              </Text>
            </Stack>
            <Box className={classes.preview} p={{ base: 'lg', sm: 32 }} aria-hidden="true">
              <Text fw={700} mb="md" opacity={0.9}>
                Everything in one dashboard
              </Text>
              <Stack gap="sm">
                {PREVIEW.map((row) => (
                  <Group key={row.label} className={classes.previewRow} p="sm" gap="md" wrap="nowrap">
                    <ThemeIcon size={38} radius="md" color="white" c="plum.8">
                      <row.icon size={20} />
                    </ThemeIcon>
                    <div>
                      <Text fw={600}>{row.label}</Text>
                      <Text size="sm" opacity={0.8}>
                        {row.text}
                      </Text>
                    </div>
                  </Group>
                ))}
              </Stack>
            </Box>
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={{ base: 48, md: 80 }} id="features">
        <Stack gap="xs" mb={40} ta="center" align="center">
          <Title order={2} fz={{ base: 28, sm: 34 }}>
            Built for the way studios work
          </Title>
          <Text c="dimmed" maw={620}>
            From the first registration in August to the recital in June, the whole dance year lives in one
            place.
          </Text>
        </Stack>
        <FeatureGrid />
      </Container>

      <Box className={classes.band} py={{ base: 48, md: 80 }}>
        <Container size="lg">
          <Title order={2} fz={{ base: 28, sm: 34 }} ta="center" mb={40}>
            How it works
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
            {STEPS.map((step, i) => (
              <Stack key={step.title} gap="xs">
                <ThemeIcon size={40} radius="xl">
                  <Text fw={800}>{i + 1}</Text>
                </ThemeIcon>
                <Title order={3} fz="lg">
                  {step.title}
                </Title>
                <Text c="dimmed">{step.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          <Group justify="center" mt={48}>
            <Button component={Link} to="/register" size="lg">
              Get started
            </Button>
          </Group>
        </Container>
      </Box>
    </>
  );
}
