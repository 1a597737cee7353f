import { SimpleGrid, Table } from '@mantine/core';
import { type ClassTuition, dollarsText, type PrivateTuition, type YearTerm } from '@pirouette/domain';
import { useDialog } from '../../../lib/use-dialog';
import { useClassTuitions, usePrivateTuitions } from '../api/tuition';
import { discountText, PriceCard, PriceLabel, RowActions } from './price-card';
import { CLASS_PRICE, PRIVATE_PRICE, TuitionPriceDialog } from './tuition-price-dialog';

function ClassPrices({ term }: { term: YearTerm }) {
  const prices = useClassTuitions(term.id);
  const dialog = useDialog<ClassTuition>();
  const rows = prices.data ?? [];
  return (
    <>
      <PriceCard
        title="Class prices"
        description="The monthly price of a class, by its length."
        newLabel="New class price"
        onNew={() => dialog.open('new')}
        loading={prices.isPending}
        failed={prices.isError}
        onRetry={() => prices.refetch()}
        empty={rows.length === 0 ? `No class prices for ${term.name} yet.` : null}
      >
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Class length</Table.Th>
                <Table.Th ta="right" w={1}>
                  Price
                </Table.Th>
                <Table.Th w={1} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <PriceLabel title={`${p.duration} minutes`} detail={discountText(p.applyDiscount)} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {dollarsText(p.price)}
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      label={`the ${p.duration}-minute class price`}
                      onEdit={() => dialog.open('edit', p)}
                      onDelete={() => dialog.open('del', p)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PriceCard>
      <TuitionPriceDialog
        kind={CLASS_PRICE}
        yearTermId={term.id}
        state={dialog.state}
        opened={dialog.opened}
        onClose={dialog.close}
      />
    </>
  );
}

function PrivatePrices({ term }: { term: YearTerm }) {
  const prices = usePrivateTuitions(term.id);
  const dialog = useDialog<PrivateTuition>();
  const rows = prices.data ?? [];
  return (
    <>
      <PriceCard
        title="Private lesson prices"
        description="Solos, duets, trios and groups."
        newLabel="New private price"
        onNew={() => dialog.open('new')}
        loading={prices.isPending}
        failed={prices.isError}
        onRetry={() => prices.refetch()}
        empty={rows.length === 0 ? `No private lesson prices for ${term.name} yet.` : null}
      >
        <Table.ScrollContainer minWidth={280}>
          <Table verticalSpacing="xs" horizontalSpacing="md">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Lesson</Table.Th>
                <Table.Th ta="right" w={1}>
                  Price
                </Table.Th>
                <Table.Th w={1} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <PriceLabel
                      title={p.name}
                      detail={`${p.nDancers === 1 ? '1 dancer' : `${p.nDancers} dancers`} · ${discountText(p.applyDiscount).toLowerCase()}`}
                    />
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {dollarsText(p.price)}
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      label={`the private price ${p.name}`}
                      onEdit={() => dialog.open('edit', p)}
                      onDelete={() => dialog.open('del', p)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </PriceCard>
      <TuitionPriceDialog
        kind={PRIVATE_PRICE}
        yearTermId={term.id}
        state={dialog.state}
        opened={dialog.opened}
        onClose={dialog.close}
      />
    </>
  );
}

/** A term's class prices and private-lesson prices, each with its new, edit and delete dialogs. */
export function TuitionPrices({ term }: { term: YearTerm }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <ClassPrices term={term} />
      <PrivatePrices term={term} />
    </SimpleGrid>
  );
}
