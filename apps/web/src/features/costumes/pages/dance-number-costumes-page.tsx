import { Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type AssignedCostume,
  type CostumeCompanyItem,
  type CostumeSettings,
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

/** What the page's dialogs are open on, and removing a style from the number or a costume from a dancer. */
function useNumberActions(number: DanceNumberChoice) {
  const removeStyle = useRemoveStyle();
  const unassign = useUnassign();
  const [addingStyle, setAddingStyle] = useState(false);
  const [removing, setRemoving] = useState<CostumeStyle | null>(null);
  const [measuring, setMeasuring] = useState<DancerOutfit | null>(null);
  const [assigning, setAssigning] = useState<AssignTarget | null>(null);
  const [taking, setTaking] = useState<{ dancer: DancerOutfit; costume: AssignedCostume } | null>(null);
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
  return {
    removeStyle,
    unassign,
    addingStyle,
    setAddingStyle,
    removing,
    setRemoving,
    measuring,
    setMeasuring,
    assigning,
    setAssigning,
    taking,
    setTaking,
    confirmRemoveStyle,
    confirmUnassign,
  };
}

type Actions = ReturnType<typeof useNumberActions>;

/** The dialogs of the number's page: adding a style, the two removals, measurements and assigning. */
function NumberDialogs({
  number,
  a,
  companies,
  settings,
  refundable,
}: {
  number: DanceNumberChoice;
  a: Actions;
  companies: CostumeCompanyItem[];
  settings: CostumeSettings | undefined;
  refundable: boolean;
}) {
  return (
    <>
      <StyleDialog
        opened={a.addingStyle}
        onClose={() => a.setAddingStyle(false)}
        dncNumID={number.id}
        numberName={number.name}
        companies={companies}
      />
      <ConfirmDeleteDialog
        opened={!!a.removing}
        title="Remove the costume from the number"
        confirmLabel="Remove"
        loading={a.removeStyle.isPending}
        onConfirm={a.confirmRemoveStyle}
        onClose={() => a.setRemoving(null)}
      >
        {a.removing
          ? `${a.removing.styleName} (#${a.removing.styleNumber}) will no longer be on ${number.name}. A costume assigned to a dancer of the number must be taken from the dancer first.`
          : ''}
      </ConfirmDeleteDialog>
      <ConfirmDeleteDialog
        opened={!!a.taking}
        title="Remove the costume from the dancer"
        confirmLabel="Remove"
        loading={a.unassign.isPending}
        onConfirm={a.confirmUnassign}
        onClose={() => a.setTaking(null)}
      >
        {a.taking
          ? `${a.taking.costume.styleName} (${[a.taking.costume.size, a.taking.costume.color].filter(Boolean).join(', ')}) will be taken from ${a.taking.dancer.studentName}. ${
              a.taking.costume.deposit === 0
                ? ''
                : refundable
                  ? "Its deposit comes off the family's bill; what was paid of it becomes the family's credit."
                  : `Its deposit stays on the family's bill: it was refundable until ${formatDateOnly(settings!.refundableUntil!)}.`
            }`
          : ''}
      </ConfirmDeleteDialog>
      <MeasurementsDialog dancer={a.measuring} opened={!!a.measuring} onClose={() => a.setMeasuring(null)} />
      <AssignDialog
        target={a.assigning}
        settings={settings}
        opened={!!a.assigning}
        onClose={() => a.setAssigning(null)}
      />
    </>
  );
}

/** The styles the number wears, or what to add first. */
function StylesSection({ list, noCompany, a }: { list: CostumeStyle[]; noCompany: boolean; a: Actions }) {
  const addStyleButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => a.setAddingStyle(true)} disabled={noCompany}>
      Add costume
    </Button>
  );
  return (
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
          removingId={a.removeStyle.isPending ? (a.removing?.id ?? null) : null}
          onRemove={a.setRemoving}
        />
      )}
    </PageSection>
  );
}

function NumberCostumes({ number, narrow }: { number: DanceNumberChoice; narrow: boolean }) {
  const session = useSession();
  const styles = useNumberStyles(number.id);
  const assigned = useAssigned(number.id);
  const companies = useCostumeCompanies();
  const settings = useCostumeSettings();
  const a = useNumberActions(number);

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

  return (
    <Stack gap="xl">
      <StylesSection list={list} noCompany={noCompany} a={a} />
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
            onMeasure={a.setMeasuring}
            onAssign={(dancer, style) => a.setAssigning({ dancer, style })}
            onUnassign={(dancer, costume) => a.setTaking({ dancer, costume })}
          />
        )}
      </PageSection>
      <NumberDialogs
        number={number}
        a={a}
        companies={companies.data ?? []}
        settings={settings.data}
        refundable={refundable}
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
