import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { periodText, splitLine } from '../lib/tuition-lines';
import { emptyTuition, hartleyTuition, pendingOnlyTuition } from '../test/tuition-fixtures';
import { FamilyTuitionView } from './family-tuition-view';

/** "−$1,234.50" → -1234.5 */
const money = (text: string | null) => Number((text ?? '').replace('−', '-').replace(/[$,\s]/g, ''));
const cents = (n: number) => Math.round(n * 100);
const sumOf = (els: HTMLElement[]) => els.reduce((s, el) => s + cents(money(el.textContent)), 0);

describe('FamilyTuitionView', () => {
  it("works out each class's price: base, each discount by name, and the final price they add up to", () => {
    renderWithProviders(<FamilyTuitionView tuition={hartleyTuition} audience="owner" />);
    const jazz = screen.getByRole('article', { name: 'Jazz 1, Tue 5:30 PM' });
    const lines = within(jazz)
      .getAllByTestId('price-line')
      .map((l) => l.textContent);
    expect(lines).toEqual(['Monthly price$60.00', 'Multi-class discount (2nd class): 10 %−$6.00']);
    expect(within(jazz).getByTestId('class-final').textContent).toBe('$54.00');

    for (const article of screen.getAllByTestId('class-price')) {
      const amounts = within(article).queryAllByTestId('line-amount');
      const final = cents(money(within(article).getByTestId('class-final').textContent));
      if (amounts.length > 0) expect(sumOf(amounts)).toBe(final);
    }
    // A class without a discount shows its price once.
    const ballet = screen.getByRole('article', { name: 'Ballet 1, Mon 5:00 PM' });
    expect(within(ballet).queryAllByTestId('price-line')).toHaveLength(0);
    expect(within(ballet).getByTestId('class-final').textContent).toBe('$65.00');

    // Each dancer's classes make the dancer's total; the dancers make the family's month.
    const totals = screen.getAllByTestId('student-total');
    expect(totals.map((t) => money(t.textContent?.replace('a month', '') ?? ''))).toEqual([119, 40.5]);
    const emma = screen.getByRole('region', { name: "Emma Hartley's classes" });
    expect(sumOf(within(emma).getAllByTestId('class-final'))).toBe(11_900);
    expect(screen.getByTestId('family-monthly').textContent).toBe('$159.50');
  });

  it('lists the plan’s payments with their dates, marks the adjustment and the changed payment, and adds up', () => {
    renderWithProviders(<FamilyTuitionView tuition={hartleyTuition} audience="parent" />);
    expect(screen.getByRole('heading', { name: 'Payment schedule: Half Year plan' })).toBeTruthy();
    expect(screen.getByTestId('plan-revision').textContent).toContain(
      'Updated from Jan 15, 2027: Hip Hop 1 (Noah) dropped.',
    );
    const rows = screen.getAllByTestId('payment');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['plan', 'plan', 'adjustment']);
    const [fall, spring, adjustment] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(fall.textContent).toContain('Sep 1, 2026 – Jan 31, 2027');
    expect(fall.textContent).toContain('5 × $159.50');
    expect(within(fall).queryByTestId('changed-mark')).toBeNull();
    expect(within(spring).getByTestId('changed-mark')).toBeTruthy();
    expect(within(adjustment).getByTestId('adjustment-mark')).toBeTruthy();
    expect(within(adjustment).getByTestId('payment-amount').textContent).toBe('−$22.50');

    // The changed payment's lines, the figure cut from the sentence, add up to its amount.
    const springLines = within(spring)
      .getAllByTestId('payment-line')
      .map((l) => l.textContent);
    expect(springLines).toEqual(['5 × $165.50$827.50', 'Hip Hop 1 dropped from Jan 15, 2027−$60.00']);
    expect(sumOf(within(spring).getAllByTestId('payment-line-amount'))).toBe(
      cents(money(within(spring).getByTestId('payment-amount').textContent)),
    );
    const amounts = rows.map((r) => within(r).getByTestId('payment-amount'));
    expect(sumOf(amounts)).toBe(cents(money(screen.getByTestId('plan-total').textContent)));
    expect(screen.getByTestId('plan-total').textContent).toBe('$1,542.50');

    // The fee and what waits for the studio.
    expect(screen.getByText('In-Studio · Sep 1, 2026')).toBeTruthy();
    const waiting = screen.getByRole('alert', { name: "Waiting for the studio's approval" });
    expect(within(waiting).getByTestId('pending-registration').textContent).toBe(
      'Tap 2 for Emma · $45.00 a month',
    );
    expect(within(waiting).getByText(/join your plan/)).toBeTruthy();
  });

  it('says where each payment stands in the books: paid, credited, not charged yet, partly paid', () => {
    const partly = {
      ...hartleyTuition,
      plan: {
        ...hartleyTuition.plan!,
        payments: hartleyTuition.plan!.payments.map((p) =>
          p.id === 'pay-2' ? { ...p, charged: 767.5, paid: 300, isPayed: 0 as const } : p,
        ),
      },
    };
    const { unmount } = renderWithProviders(<FamilyTuitionView tuition={hartleyTuition} audience="parent" />);
    expect(screen.getAllByTestId('standing-mark').map((m) => m.textContent)).toEqual(['Paid', 'Credited']);
    unmount();
    renderWithProviders(<FamilyTuitionView tuition={partly} audience="parent" />);
    expect(screen.getAllByTestId('standing-mark').map((m) => m.textContent)).toEqual([
      'Paid',
      'Paid $300.00 of $767.50',
      'Credited',
    ]);
  });

  it('says when there is no plan yet, and what waits for approval', () => {
    renderWithProviders(<FamilyTuitionView tuition={pendingOnlyTuition} audience="parent" />);
    expect(screen.getByTestId('no-plan').textContent).toContain(
      "No payment plan yet: your family's payments are scheduled once the studio approves a first class.",
    );
    expect(screen.getAllByTestId('pending-registration').map((p) => p.textContent)).toEqual([
      'Jazz 1 for Emma · $60.00 a month',
      'Tap 1 for Noah · $40.50 a month',
    ]);
    expect(screen.queryAllByTestId('payment')).toHaveLength(0);
    // No figure of nothing: the month, the plan and the fee wait for a first class in the plan.
    expect(screen.queryByText('Monthly tuition')).toBeNull();
  });

  it('says plainly when the family has no class this season, with no figure', () => {
    const { container } = renderWithProviders(<FamilyTuitionView tuition={emptyTuition} audience="owner" />);
    expect(screen.getByTestId('tuition-empty').textContent).toContain('When the family registers');
    expect(container.textContent).not.toMatch(/\$\d/);
  });

  it('keeps a sentence that does not end with its own amount whole, and says periods briefly', () => {
    expect(splitLine({ label: 'Rounding of the family total', amount: 0.01 })).toEqual({
      label: 'Rounding of the family total',
      amount: 0.01,
    });
    expect(splitLine({ label: 'Jazz 1 added from Feb 1, 2027: +$1,060.00', amount: 1060 }).label).toBe(
      'Jazz 1 added from Feb 1, 2027',
    );
    expect(periodText('2026-11-01', '2026-11-30')).toBe('Nov 1 – 30, 2026');
    expect(periodText('2026-09-01', '2026-12-31')).toBe('Sep 1 – Dec 31, 2026');
    expect(periodText('2026-09-01', '2027-01-31')).toBe('Sep 1, 2026 – Jan 31, 2027');
    // The figure must be the line's own to be cut.
    expect(splitLine({ label: 'Jazz 1 added: +$6.00', amount: 5 }).label).toBe('Jazz 1 added: +$6.00');
  });

  it('writes how each amount adds up in the text’s own colour, not dimmed: parents read it (DESIGN.md)', () => {
    renderWithProviders(<FamilyTuitionView tuition={hartleyTuition} audience="parent" />);
    const lines = [...screen.getAllByTestId('price-line'), ...screen.getAllByTestId('payment-line')];
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines)
      for (const el of [line, ...line.querySelectorAll<HTMLElement>('*')])
        expect(el.getAttribute('style') ?? '', line.textContent ?? '').not.toContain(
          '--mantine-color-dimmed',
        );
  });
});
