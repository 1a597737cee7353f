import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { centsToDollars, dollarsToCents, type SalesInput, type TicketPriceKind } from '@pirouette/domain';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { notifyResult } from '../../../lib/notify';
import { useSaveSales } from '../api/seating';

/** An instant as a datetime-local field shows it (the browser's own time), and back. */
const pad = (n: number) => String(n).padStart(2, '0');
const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : null);

type Prices = Record<string, Partial<Record<TicketPriceKind, number | ''>>>;

/**
 * Ticket prices (dollars typed, cents kept) by section and kind — "Every section" for those without their
 * own — comps per performing dancer, and the sales windows and rules (issue 38 item 4).
 */
export function SalesForm({
  recitalId,
  initial,
  sections,
}: {
  recitalId: string;
  initial: SalesInput;
  sections: string[];
}) {
  const [prices, setPrices] = useState<Prices>(() => {
    const out: Prices = {};
    for (const p of initial.prices)
      out[p.section] = { ...out[p.section], [p.kind]: centsToDollars(p.amount) };
    return out;
  });
  const [comps, setComps] = useState<number>(initial.compsPerDancer);
  const [familyFrom, setFamilyFrom] = useState(toLocal(initial.familySalesFrom));
  const [publicFrom, setPublicFrom] = useState(toLocal(initial.publicSalesFrom));
  const [until, setUntil] = useState(toLocal(initial.salesUntil));
  const [settled, setSettled] = useState(initial.settledFamiliesOnly);
  const [refundsUntil, setRefundsUntil] = useState(initial.refundsUntil ?? '');
  const save = useSaveSales();

  const body = (): SalesInput => ({
    prices: Object.entries(prices).flatMap(([section, kinds]) =>
      (['adult', 'child'] as const).flatMap((kind) => {
        const v = kinds[kind];
        return v === '' || v === undefined ? [] : [{ section, kind, amount: dollarsToCents(v) }];
      }),
    ),
    compsPerDancer: comps,
    familySalesFrom: fromLocal(familyFrom),
    publicSalesFrom: fromLocal(publicFrom),
    salesUntil: fromLocal(until),
    settledFamiliesOnly: settled,
    refundsUntil: refundsUntil || null,
  });
  const priceInput = (section: string, kind: TicketPriceKind, label: string) => (
    <NumberInput
      aria-label={`${label}: ${kind} price`}
      prefix="$"
      decimalScale={2}
      fixedDecimalScale
      min={0}
      max={100000}
      thousandSeparator=","
      size="sm"
      w={110}
      placeholder={section === '' ? '—' : 'as every'}
      value={prices[section]?.[kind] ?? ''}
      onChange={(v) =>
        setPrices((p) => ({ ...p, [section]: { ...p[section], [kind]: v === '' ? '' : Number(v) } }))
      }
    />
  );
  const rows = [{ section: '', label: 'Every section' }, ...sections.map((s) => ({ section: s, label: s }))];
  return (
    <SectionCard
      title="Prices and sales"
      description="A section without its own price sells at the price for every section. Families buy first; the public link opens later."
    >
      <Stack gap="md">
        <Table.ScrollContainer minWidth={360}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Section</Table.Th>
                <Table.Th>Adult</Table.Th>
                <Table.Th>Child</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.section}>
                  <Table.Td>
                    <Text size="sm" fw={r.section === '' ? 600 : 400}>
                      {r.label}
                    </Text>
                  </Table.Td>
                  <Table.Td>{priceInput(r.section, 'adult', r.label)}</Table.Td>
                  <Table.Td>{priceInput(r.section, 'child', r.label)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Comps per performing dancer"
            description="Free tickets a dancer's family may take, per show danced"
            min={0}
            max={20}
            allowDecimal={false}
            value={comps}
            onChange={(v) => setComps(Math.max(0, Math.min(20, Number(v) || 0)))}
          />
          <TextInput
            label="Refunds until"
            description="The owner may refund an order until this day"
            type="date"
            value={refundsUntil}
            onChange={(e) => setRefundsUntil(e.currentTarget.value)}
          />
          <TextInput
            label="Families buy from"
            type="datetime-local"
            value={familyFrom}
            onChange={(e) => setFamilyFrom(e.currentTarget.value)}
          />
          <TextInput
            label="The public buys from"
            description="Empty: families only"
            type="datetime-local"
            value={publicFrom}
            onChange={(e) => setPublicFrom(e.currentTarget.value)}
          />
          <TextInput
            label="Sales end"
            description="Empty: at each show's doors"
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Switch
          label="Only families who owe nothing may buy"
          checked={settled}
          onChange={(e) => setSettled(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button
            loading={save.isPending}
            onClick={() => save.mutate({ params: { id: recitalId }, body: body() }, notifyResult())}
          >
            Save prices and sales
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
