import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCreditCard,
  IconHanger,
  IconTrophy,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';

const FEATURES = [
  {
    icon: IconUsers,
    title: 'Family accounts',
    text: 'Every family with its students, contacts and users, created by the parents themselves through your sign-up link.',
  },
  {
    icon: IconCreditCard,
    title: 'Tuition and auto-pay',
    text: 'Monthly, half-year and full-year plans, discounts, late fees and card payments charged on the 1st.',
  },
  {
    icon: IconCalendarEvent,
    title: 'Schedule and year terms',
    text: 'Weekly classes by room, level and teacher, private lessons, and a dance year that runs September to June.',
  },
  {
    icon: IconHanger,
    title: 'Costumes',
    text: 'Orders for each dance number, deposits collected and balances still owed, family by family.',
  },
  {
    icon: IconTrophy,
    title: 'Competitions',
    text: 'The competitions you attend, the numbers you enter and what each of them costs.',
  },
  {
    icon: IconUserShield,
    title: 'A portal for parents',
    text: 'Parents see their own account, register their children for classes and pay by card on file.',
  },
];

export function FeatureGrid() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {FEATURES.map((f) => (
        <Card key={f.title} p="xl" shadow="xs">
          <ThemeIcon size={44} radius="md" variant="light" mb="md">
            <f.icon size={24} stroke={1.6} />
          </ThemeIcon>
          <Title order={3} fz="lg" mb={6}>
            {f.title}
          </Title>
          <Text c="dimmed" size="sm" lh={1.6}>
            {f.text}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
