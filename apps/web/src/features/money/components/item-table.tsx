import {
  Badge,
  Button,
  Collapse,
  Group,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { CATEGORY_LABELS, dollarsText, formatDateOnly, type LedgerItem } from '@pirouette/domain';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { signedText, splitLine } from '../../family-tuition/lib/tuition-lines';
import { canRemove, itemStatus, linesOf, removeWord } from '../lib/money';
import classes from './money.module.css';

/** How the item's amount is made: the lines behind it (class, month, discount, proration), then the total. */
export function ItemLines({ item, id }: { item: LedgerItem; id?: string }) {
  const { lines } = linesOf(item);
  return (
    <div className={classes.lines} id={id} data-testid="item-lines">
      {lines.map(splitLine).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an item's lines keep their order and have no id
        <div key={i} className={classes.line} data-testid="item-line">
          <span>{line.label}</span>
          <span data-testid="item-line-amount">{signedText(line.amount)}</span>
        </div>
      ))}
      <div className={`${classes.line} ${classes.lineTotal}`}>
        <span>Total</span>
        <span data-testid="item-lines-total">{signedText(item.total)}</span>
      </div>
    </div>
  );
}

function What({ item }: { item: LedgerItem }) {
  const [open, setOpen] = useState(false);
  const linesId = useId();
  const removed = item.status === 'removed';
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} td={removed ? 'line-through' : undefined}>
        {item.item}
      </Text>
      <Text size="xs" c="dimmed">
        {CATEGORY_LABELS[item.category]}
        {item.quantity > 1 ? ` · ${item.quantity} × ${dollarsText(item.amount)}` : ''} · posted{' '}
        {formatDateOnly(item.postedOn)}
      </Text>
      {item.removed && (
        <Text size="xs" c="dimmed">
          {removeWord(item) === 'Waive' ? 'Waived' : 'Removed'} {formatDateOnly(item.removed.on)}
          {item.removed.reason ? `: ${item.removed.reason}` : ''}
        </Text>
      )}
      {item.lines.length > 0 && (
        <>
          <UnstyledButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={linesId}
            fz="xs"
            c="plum.7"
            fw={600}
            w="fit-content"
          >
            <Group gap={2} wrap="nowrap">
              {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              {open ? 'Hide how it adds up' : 'How it adds up'}
            </Group>
          </UnstyledButton>
          <Collapse in={open} transitionDuration={150}>
            <ItemLines item={item} id={linesId} />
          </Collapse>
        </>
      )}
    </Stack>
  );
}

function Status({ item }: { item: LedgerItem }) {
  const look = itemStatus(item);
  return (
    <Stack gap={2} align="flex-end">
      <Badge size="sm" variant="light" color={look.color} data-testid="item-status">
        {look.label}
      </Badge>
      {item.status === 'partial' && (
        <Text size="xs" c="dimmed" className={classes.nowrap}>
          {dollarsText(item.paid)} paid · {dollarsText(item.open)} open
        </Text>
      )}
      {item.refund_total > 0 && (
        <Text size="xs" c="dimmed" className={classes.nowrap}>
          {dollarsText(item.refund_total)} refunded
        </Text>
      )}
    </Stack>
  );
}

type Props = {
  items: readonly LedgerItem[];
  /** The studio's today: an open item due before it is overdue. */
  today: string;
  /** Remove (or waive) an item; none on a read-only view. */
  onRemove?: (item: LedgerItem) => void;
};

/** A transaction's items: what, when due, how much, paid or open, and how each amount is made. */
export function ItemTable({ items, today, onRemove }: Props) {
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No items on this transaction.
      </Text>
    );
  return (
    <Table className={classes.table} withRowBorders={false} aria-label="Items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th>Due</Table.Th>
          <Table.Th className={classes.num}>Amount</Table.Th>
          <Table.Th className={classes.num}>Status</Table.Th>
          {onRemove && (
            <Table.Th className={classes.actions}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const overdue = item.open > 0 && item.dueDate < today;
          return (
            <Table.Tr
              key={item.id}
              aria-label={item.item}
              data-testid="item"
              className={item.status === 'removed' ? classes.dimmedRow : undefined}
            >
              <Table.Td>
                <What item={item} />
              </Table.Td>
              <Table.Td data-label="Due" className={classes.nowrap}>
                <div className={classes.cellValue}>
                  <Text size="sm" span>
                    {formatDateOnly(item.dueDate)}
                  </Text>
                  {overdue && (
                    <Text size="xs" c="red.7" fw={600} data-testid="item-overdue">
                      Overdue
                    </Text>
                  )}
                </div>
              </Table.Td>
              <Table.Td data-label="Amount" className={classes.num} data-testid="item-total">
                <Text size="sm" fw={600} span td={item.status === 'removed' ? 'line-through' : undefined}>
                  {signedText(item.total)}
                </Text>
              </Table.Td>
              <Table.Td data-label="Status" className={classes.num}>
                <Status item={item} />
              </Table.Td>
              {onRemove && (
                <Table.Td className={classes.actions}>
                  {canRemove(item) && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      onClick={() => onRemove(item)}
                      aria-label={`${removeWord(item)} ${item.item}`}
                    >
                      {removeWord(item)}
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
