import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type AssignedCostume,
  type CostumeStyle,
  type DancerOutfit,
  depositRefundable,
  formatDateOnly,
  messages,
  todayInZone,
} from '@pirouette/domain';
import { IconHanger, IconPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminHref, findSection } from '../../../app/paths/admin-sections';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-header';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { PageSection } from '../../autopay/components/page-section';
import {
  type DanceNumberChoice,
  useAssigned,
  useCostumeCompanies,
  useCostumeSettings,
  useDanceNumbers,
  useNumberStyles,
  useRemoveStyle,
  useUnassign,
} from '../api/costumes';
import { AssignDialog, type AssignTarget } from '../components/assign-dialog';
import { MeasurementsDialog } from '../components/measurements-dialog';
import { NumberDancers, NumberTotalsBar } from '../components/number-dancers';
import { NumberStyles } from '../components/number-styles';
import { StyleDialog } from '../components/style-dialog';
import { numberTotals } from '../lib/costumes';

export const NUMBERS_PATH = 'costumes/numbers';
const PHONE_QUERY = '(max-width: 48em)';

/** The number the address names (`?number=…`), so a reload or a shared link opens the same one. */
function useNumberParam() {
  const [params, setParams] = useSearchParams();
  const set = (id: string | null) =>
    setParams(
      (previous) => {
        const out = new URLSearchParams(previous);
        if (id) out.set('number', id);
        else out.delete('number');
        return out;
      },
      { replace: true },
    );
  return [params.get('number'), set] as const;
}

/**
 * The picker's choices, each under its class: the numbers that have their costumes, then those marked
 * as needing costumes that have none yet, then the rest.
 */
function pickerData(numbers: DanceNumberChoice[]) {
  const label = (n: DanceNumberChoice) => `${n.name} — ${n.className}`;
  const groups = [
    { group: 'With costumes', items: numbers.filter((n) => n.styles > 0) },
    { group: 'Costumes to choose', items: numbers.filter((n) => n.styles === 0 && n.costume) },
    { group: 'Other dance numbers', items: numbers.filter((n) => n.styles === 0 && !n.costume) },
  ];
  return groups
    .filter((g) => g.items.length > 0)
    .map((g) => ({ group: g.group, items: g.items.map((n) => ({ value: n.id, label: label(n) })) }));
}

/** The number the page opens on: the first that has costumes, else the first marked as needing some. */
const firstChoice = (numbers: DanceNumberChoice[]) =>
  numbers.find((n) => n.styles > 0) ?? numbers.find((n) => n.costume);

function NumberCostumes({ number, narrow }: { number: DanceNumberChoice; narrow: boolean }) {
  const session = useSession();
  const styles = useNumberStyles(number.id);
  const assigned = useAssigned(number.id);
  const companies = useCostumeCompanies();
  const settings = useCostumeSettings();
  const removeStyle = useRemoveStyle();
  const unassign = useUnassign();
  const [addingStyle, setAddingStyle] = useState(false);
  const [removing, setRemoving] = useState<CostumeStyle | null>(null);
  const [measuring, setMeasuring] = useState<DancerOutfit | null>(null);
  const [assigning, setAssigning] = useState<AssignTarget | null>(null);
  const [taking, setTaking] = useState<{ dancer: DancerOutfit; costume: AssignedCostume } | null>(null);

  if (styles.isPending || assigned.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the dance number's costumes">
        <Skeleton h={160} radius="md" />
        <Skeleton h={240} radius="md" />
      </Stack>
    );
  const failed = styles.error ?? assigned.error;
  if (failed)
    return (
      <LoadError
        message={errorText(failed, messages.loadFailed)}
        onRetry={() => {
          void styles.refetch();
          void assigned.refetch();
        }}
      />
    );

  const list = styles.data ?? [];
  const { dancers } = assigned.data!;
  const totals = numberTotals(dancers);
  const noCompany = companies.data?.length === 0;
  const refundable = depositRefundable(
    settings.data?.refundableUntil ?? null,
    todayInZone(session?.user.timeZone || undefined),
  );

  const confirmRemoveStyle = () =>
    removing &&
    removeStyle.mutate(
      { params: { costumeID: removing.id, dncNumID: number.id } },
      {
        onSuccess: (answer) => notifySuccess(answer.msg),
        // The spec's refusal while a dancer has it: 'Unable to remove costume while it's assigned to a student.'
        onError: (e) => notifyError(e),
        onSettled: () => setRemoving(null),
      },
    );
  const confirmUnassign = () =>
    taking &&
    unassign.mutate(
      { params: { id: taking.costume.id } },
      {
        onSuccess: (answer) =>
          notifySuccess(answer.msg, answer.depositRemoved ? undefined : 'Costume removed'),
        onError: (e) => notifyError(e),
        onSettled: () => setTaking(null),
      },
    );

  const addStyleButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAddingStyle(true)} disabled={noCompany}>
      Add costume
    </Button>
  );

  return (
    <Stack gap="xl">
      <PageSection
        title="Costumes"
        description="The styles this number wears, with each size and colour's prices."
        aside={list.length > 0 ? addStyleButton : null}
      >
        {list.length === 0 ? (
          <EmptyState
            title="No costume on this number yet"
            icon={IconHanger}
            action={
              noCompany ? (
                <Button component={Link} to={adminHref('costumes/companies')} variant="light">
                  Add a costume company
                </Button>
              ) : (
                addStyleButton
              )
            }
          >
            {noCompany
              ? 'Costumes come from a costume company: add the company and its size chart first.'
              : 'Add the style this number wears, with its sizes, colours and prices; then assign each dancer a size.'}
          </EmptyState>
        ) : (
          <NumberStyles
            styles={list}
            removingId={removeStyle.isPending ? (removing?.id ?? null) : null}
            onRemove={setRemoving}
          />
        )}
      </PageSection>
      <PageSection
        title="Dancers"
        description="Each dancer's latest measurements, the size their company's chart suggests, and the costume assigned, with its deposit."
      >
        {dancers.length > 0 && totals.assigned > 0 && <NumberTotalsBar totals={totals} />}
        {dancers.length === 0 ? (
          <EmptyState title="No dancers in this number" icon={IconUsers}>
            Dancers registered in the class and active in this number are listed here. Turn a dancer active in
            the number from the class's page in the schedule.
          </EmptyState>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            {dancers.length === 1 ? 'One dancer dances' : `${dancers.length} dancers dance`} this number: add
            a costume above to assign their sizes.
          </Text>
        ) : (
          <NumberDancers
            dancers={dancers}
            styles={list}
            narrow={narrow}
            onMeasure={setMeasuring}
            onAssign={(dancer, style) => setAssigning({ dancer, style })}
            onUnassign={(dancer, costume) => setTaking({ dancer, costume })}
          />
        )}
      </PageSection>
      <StyleDialog
        opened={addingStyle}
        onClose={() => setAddingStyle(false)}
        dncNumID={number.id}
        numberName={number.name}
        companies={companies.data ?? []}
      />
      <ConfirmDeleteDialog
        opened={!!removing}
        title="Remove the costume from the number"
        confirmLabel="Remove"
        loading={removeStyle.isPending}
        onConfirm={confirmRemoveStyle}
        onClose={() => setRemoving(null)}
      >
        {removing
          ? `${removing.styleName} (#${removing.styleNumber}) will no longer be on ${number.name}. A costume assigned to a dancer of the number must be taken from the dancer first.`
          : ''}
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        opened={!!taking}
        title="Remove the costume from the dancer"
        confirmLabel="Remove"
        loading={unassign.isPending}
        onConfirm={confirmUnassign}
        onClose={() => setTaking(null)}
      >
        {taking
          ? `${taking.costume.styleName} (${[taking.costume.size, taking.costume.color].filter(Boolean).join(', ')}) will be taken from ${taking.dancer.studentName}. ${
              taking.costume.deposit === 0
                ? ''
                : refundable
                  ? "Its deposit comes off the family's bill; what was paid of it becomes the family's credit."
                  : `Its deposit stays on the family's bill: it was refundable until ${formatDateOnly(settings.data!.refundableUntil!)}.`
            }`
          : ''}
      </ConfirmDeleteDialog>
      <MeasurementsDialog dancer={measuring} opened={!!measuring} onClose={() => setMeasuring(null)} />
      <AssignDialog
        target={assigning}
        settings={settings.data}
        opened={!!assigning}
        onClose={() => setAssigning(null)}
      />
    </Stack>
  );
}

/** The owner's costumes of each dance number (issue 18): its styles, its dancers' sizes and assignments. */
export function DanceNumberCostumesPage() {
  const section = findSection(NUMBERS_PATH);
  const narrow = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const numbers = useDanceNumbers();
  const [numberId, setNumberId] = useNumberParam();
  const header = <PageHeader title={section.title} description={section.description} />;

  if (numbers.pending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading dance numbers">
        {header}
        <Skeleton h={36} maw={480} radius="md" />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  if (numbers.error)
    return (
      <Stack gap="lg">
        {header}
        <LoadError message={errorText(numbers.error, messages.loadFailed)} onRetry={numbers.refetch} />
      </Stack>
    );
  if (numbers.numbers.length === 0)
    return (
      <Stack gap="lg">
        {header}
        <EmptyState
          title={section.emptyTitle}
          icon={IconHanger}
          action={
            <Button component={Link} to={adminHref('schedule/class')} variant="light">
              Open the class schedule
            </Button>
          }
        >
          {section.emptyText}
        </EmptyState>
      </Stack>
    );

  const chosen =
    numbers.numbers.find((n) => n.id === numberId) ?? (numberId ? undefined : firstChoice(numbers.numbers));
  return (
    <Stack gap="xl">
      <Stack gap="md">
        {header}
        <Group align="flex-end" gap="sm">
          <Select
            label="Dance number"
            placeholder="Pick a dance number"
            searchable
            data={pickerData(numbers.numbers)}
            value={chosen?.id ?? null}
            onChange={setNumberId}
            allowDeselect={false}
            nothingFoundMessage="No dance number of that name"
            w={{ base: '100%', sm: 480 }}
          />
        </Group>
      </Stack>
      {chosen ? (
        <NumberCostumes key={chosen.id} number={chosen} narrow={narrow} />
      ) : (
        <EmptyState title="Pick a dance number" icon={IconHanger}>
          Choose the dance number above to see its costumes and its dancers' sizes.
        </EmptyState>
      )}
    </Stack>
  );
}
