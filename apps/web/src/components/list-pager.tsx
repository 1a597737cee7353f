import { Group, Pagination, Text } from '@mantine/core';
import { pageCount, pageWindow } from '../lib/page-window';

type Props = {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  /** What the list counts, for "11–20 of 34 families". */
  noun: [one: string, many: string];
  disabled?: boolean;
};

/**
 * A server-paginated list's pager: first, previous, five page numbers around the current one (000 §9),
 * next and last, with where the page sits in the whole list. Hidden when everything fits on one page.
 */
export function ListPager({ page, total, pageSize, onChange, noun, disabled }: Props) {
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total <= pageSize
          ? `${total} ${total === 1 ? noun[0] : noun[1]}`
          : `${from}–${to} of ${total} ${noun[1]}`}
      </Text>
      {pages > 1 && (
        <Pagination.Root
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          disabled={disabled}
          size="sm"
        >
          <Group gap={4} wrap="nowrap" component="nav" aria-label="Pages">
            <Pagination.First aria-label="First page" />
            <Pagination.Previous aria-label="Previous page" />
            {pageWindow(page, pages).map((p) => (
              <Pagination.Control
                key={p}
                active={p === page}
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => onChange(p)}
              >
                {p}
              </Pagination.Control>
            ))}
            <Pagination.Next aria-label="Next page" />
            <Pagination.Last aria-label="Last page" />
          </Group>
        </Pagination.Root>
      )}
    </Group>
  );
}
