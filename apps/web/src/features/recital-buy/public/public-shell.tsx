import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo';

/** The public ticket pages' frame: the studio's name on top, the terms below; no sign-in needed. */
export function PublicShell({ studio, children }: { studio?: string; children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="md" py="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <BrandLogo short />
            <Box miw={0}>
              <Text fw={700} truncate>
                {studio ?? 'Recital tickets'}
              </Text>
              <Text size="xs" c="dimmed">
                Recital tickets
              </Text>
            </Box>
          </Group>
        </Container>
      </Box>
      <Container size="md" w="100%" py={{ base: 'md', sm: 'xl' }} style={{ flex: 1 }} component="main">
        {children}
      </Container>
      <Container size="md" py="md" component="footer">
        <Group justify="center" gap="lg">
          <Anchor component={Link} to="/terms" size="xs" c="dimmed">
            Terms
          </Anchor>
          <Anchor component={Link} to="/privacy" size="xs" c="dimmed">
            Privacy
          </Anchor>
          <Text size="xs" c="dimmed">
            Powered by Pirouette
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
