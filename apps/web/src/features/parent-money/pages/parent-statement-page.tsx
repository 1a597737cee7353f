import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { todayInZone } from '@pirouette/domain';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { SectionLoadError } from '../../../components/section-load-error';
import { useSession } from '../../../lib/use-session';
import { useParentStatement } from '../api/parent-money';
import classes from '../components/statement.module.css';
import { StatementDocument } from '../components/statement-document';
import {
  defaultStatementRange,
  lastMonths,
  type Range,
  rangeText,
  statementRangeError,
  termRange,
} from '../lib/money';

type Term = Parameters<typeof termRange>[1];

/** The quick ranges: this term so far (once it started), the last 3 months, the calendar year so far. */
function presets(today: string, term: Term) {
  const list: { label: string; range: Range }[] = [];
  const thisTerm = termRange(today, term);
  if (thisTerm) list.push({ label: 'This term', range: thisTerm });
  list.push({ label: 'Last 3 months', range: lastMonths(today, 3) });
  list.push({ label: 'This year', range: { from: `${today.slice(0, 4)}-01-01`, to: today } });
  return list;
}

/**
 * The family's printable statement (issue 16 point 7) at /accounts/parents/statement?from&to: any range
 * up to 3 years, this term so far by default (the last 3 months before a term starts). The range lives
 * in the address, so a statement can be bookmarked and printed as it is.
 */
export function ParentStatementPage() {
  const session = useSession();
  // The guard reads the session before the page: the studio's day and term come with it.
  if (!session) return null;
  return <StatementView timeZone={session.user.timeZone} term={session.yrTrm} />;
}

function StatementView({ timeZone, term }: { timeZone: string; term: Term }) {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => todayInZone(timeZone || undefined));
  const fallback = defaultStatementRange(today, term);
  const range: Range = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const refusal = statementRangeError(range.from, range.to);
  const [draft, setDraft] = useState<Range>(range);
  const [draftError, setDraftError] = useState<string | null>(null);
  const statement = useParentStatement(range, refusal === null);
  const family = statement.data?.family;

  // Back and forward move the address: the fields follow it.
  useEffect(() => {
    setDraft({ from: range.from, to: range.to });
    setDraftError(null);
  }, [range.from, range.to]);

  // The printed file is named after the page: the family and the period.
  const title = `Statement${family ? `, ${family} family` : ''}, ${rangeText(range)}`;
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  const show = (next: Range) => {
    setDraft(next);
    const error = statementRangeError(next.from, next.to);
    setDraftError(error);
    if (!error) setParams({ from: next.from, to: next.to });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    show(draft);
  };

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap="md" className={classes.noPrint}>
        <Anchor component={Link} to="/accounts/parents" size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowLeft size={16} />
            Back to your family
          </Group>
        </Anchor>
        <PageHeader
          title="Statement"
          description="Your account between two days: the balance before, every charge and payment with what it was for, and the balance after."
          actions={
            <Button
              leftSection={<IconPrinter size={18} />}
              onClick={() => window.print()}
              disabled={!statement.data}
            >
              Print
            </Button>
          }
        />
        <Card p={{ base: 'md', sm: 'lg' }}>
          <form onSubmit={submit} noValidate aria-label="Statement period">
            <Stack gap="sm">
              <Group align="flex-end" gap="sm">
                <TextInput
                  type="date"
                  label="From"
                  value={draft.from}
                  onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
                  w={{ base: '100%', xs: 200 }}
                />
                <TextInput
                  type="date"
                  label="To"
                  value={draft.to}
                  onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
                  w={{ base: '100%', xs: 200 }}
                />
                <Button type="submit" variant="light" size="md">
                  Show
                </Button>
              </Group>
              {draftError && (
                <Text size="sm" c="red.7" role="alert">
                  {draftError}
                </Text>
              )}
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Quick:
                </Text>
                {presets(today, term).map((p) => {
                  const current = p.range.from === range.from && p.range.to === range.to;
                  return (
                    <Button
                      key={p.label}
                      size="compact-sm"
                      variant={current ? 'filled' : 'default'}
                      aria-pressed={current}
                      onClick={() => show(p.range)}
                    >
                      {p.label}
                    </Button>
                  );
                })}
              </Group>
            </Stack>
          </form>
        </Card>
      </Stack>

      {refusal ? (
        <Alert color="red" variant="light" title={refusal} className={classes.noPrint}>
          Choose another period above.
        </Alert>
      ) : statement.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the statement" className={classes.document}>
          <Skeleton h={120} />
          <Skeleton h={240} />
        </Stack>
      ) : statement.isError ? (
        <SectionLoadError error={statement.error} onRetry={() => statement.refetch()} />
      ) : (
        <StatementDocument st={statement.data} issued={today} />
      )}
    </Stack>
  );
}
