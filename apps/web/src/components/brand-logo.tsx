import { Anchor, Group, Text, ThemeIcon } from '@mantine/core';
import { APP_NAME } from '@pirouette/domain';
import { Link } from 'react-router';

function Mark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="5" r="2.2" fill="currentColor" />
      <path
        d="M12 8v8.5M12 16.5l-3 4.5M12 10.5l5-3M12 10.5L6.5 9"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <path d="M4 15.5c4.5-2.2 11.5-2.2 16 0" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** The product mark and name; `short` shows the mark alone (the sidebar's short title). */
export function BrandLogo({
  to = '/',
  short = false,
  size = 'md',
}: {
  to?: string;
  short?: boolean;
  size?: 'sm' | 'md' | 'lg';
}) {
  const box = size === 'lg' ? 40 : size === 'sm' ? 28 : 34;
  return (
    <Anchor component={Link} to={to} underline="never" aria-label={`${APP_NAME} home`} display="block">
      <Group gap={10} wrap="nowrap">
        <ThemeIcon
          size={box}
          radius="md"
          variant="gradient"
          gradient={{ from: 'plum.7', to: 'grape.5', deg: 135 }}
        >
          <Mark size={box * 0.68} />
        </ThemeIcon>
        {!short && (
          <Text
            fw={800}
            fz={size === 'lg' ? 24 : size === 'sm' ? 17 : 20}
            c="dark.8"
            style={{ letterSpacing: '-0.02em' }}
          >
            {APP_NAME}
          </Text>
        )}
      </Group>
    </Anchor>
  );
}
