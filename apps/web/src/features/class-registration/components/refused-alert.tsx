import { Alert, Text } from '@mantine/core';
import type { refusedSelections } from '../lib/eligibility';

/** The new classes the rules refuse the dancer, each with why (the parent's wizard). */
export function Refused({ refused }: { refused: ReturnType<typeof refusedSelections> }) {
  if (refused.length === 0) return null;
  return (
    <Alert color="red" title="Not open to the dancer">
      {refused.map((r) => (
        <Text key={r.key} size="sm">
          {r.name}: {r.reasons.join(' ')}
        </Text>
      ))}
    </Alert>
  );
}
