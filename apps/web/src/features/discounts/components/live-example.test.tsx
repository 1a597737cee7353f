import type { StudioMoneySettings } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { type ExampleDiscount, SAMPLE_FAMILY, type SampleChild } from '../sample-family';
import { LiveExample } from './live-example';

type Money = Pick<StudioMoneySettings, 'unlimited' | 'siblingIndex'>;
const NO_CAP: Money = { unlimited: { preset: 'none' }, siblingIndex: 'student' };
const READING_A: Money = { unlimited: { preset: 'A' }, siblingIndex: 'student' };

const multi10: ExampleDiscount = { id: 'm', typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 };
const sibling10: ExampleDiscount = { id: 's', typeID: 200, vTypeID: 200, value: 1000, rValue: 1 };

const child = (id: string, prices: number[]): SampleChild => ({
  id,
  name: id.toUpperCase(),
  classes: prices.map((price, i) => ({ id: `${id}-${'abcde'[i]}`, name: `Class ${'abcde'[i]}`, price })),
});

function Editable({ discounts, money }: { discounts: ExampleDiscount[]; money: Money }) {
  const [family, setFamily] = useState<SampleChild[]>(() => SAMPLE_FAMILY.map((c) => ({ ...c })));
  return <LiveExample family={family} onFamilyChange={setFamily} discounts={discounts} money={money} />;
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('LiveExample (domain-rules.md §1 worked examples)', () => {
  it('multi-class 10 %, whole dollars: 6000 + 4500 + 3600 = 14100', () => {
    renderWithProviders(
      <LiveExample family={[child('x', [6000, 5000, 4500])]} discounts={[multi10]} money={NO_CAP} />,
    );
    expect(text('final-x-a')).toBe('$60.00');
    expect(text('final-x-b')).toBe('$45.00');
    expect(text('final-x-c')).toBe('$36.00');
    expect(text('total-x')).toBe('$141.00');
    expect(text('family-total')).toBe('$141.00');
    // Each discount taken is shown with its amount: 5000 → 4500 and 4500 → 3600.
    expect(screen.getByText('−$5.00')).toBeTruthy();
    expect(screen.getByText('−$9.00')).toBeTruthy();
    expect(screen.getAllByText(/10 % multi-class · (2nd|3rd) class/)).toHaveLength(2);
  });

  it('sibling $10 fixed: x 6000 + 4500, y 6000 − 1000; 15500', () => {
    renderWithProviders(
      <LiveExample
        family={[child('y', [6000]), child('x', [6000, 5000])]}
        discounts={[multi10, sibling10]}
        money={NO_CAP}
      />,
    );
    expect(text('total-x')).toBe('$105.00');
    expect(text('final-y-a')).toBe('$50.00');
    expect(text('total-y')).toBe('$50.00');
    expect(text('family-total')).toBe('$155.00');
    expect(screen.getByText(/\$10\.00 sibling · 2nd child/)).toBeTruthy();
  });

  it('unlimited reading A: x capped at 40000, y at 16000 as 8471 + 7529; 56000', () => {
    renderWithProviders(
      <LiveExample
        family={[child('x', [9000, 9000, 9000, 9000, 9000]), child('y', [9000, 8000])]}
        discounts={[]}
        money={READING_A}
      />,
    );
    expect(text('total-x')).toBe('$400.00');
    expect(text('final-x-a')).toBe('$80.00');
    expect(text('final-y-a')).toBe('$84.71');
    expect(text('final-y-b')).toBe('$75.29');
    expect(text('total-y')).toBe('$160.00');
    expect(text('family-total')).toBe('$560.00');
    expect(screen.getByText('Capped at $400.00')).toBeTruthy();
    expect(screen.getByText('Capped at $160.00')).toBeTruthy();
  });

  it('shows the sample family and follows its edits', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Editable discounts={[multi10]} money={READING_A} />);
    // Emma 6000 + 4500 + 3600, Liam 6000 (the only class is the first, so no multi-class step).
    expect(text('total-child-1')).toBe('$141.00');
    expect(text('total-child-2')).toBe('$60.00');
    expect(text('family-total')).toBe('$201.00');

    const liam = screen.getByLabelText("Price of Liam's Hip Hop");
    await user.clear(liam);
    await user.type(liam, '70');
    await waitFor(() => expect(text('family-total')).toBe('$211.00'));

    await user.click(screen.getByRole('button', { name: "Remove Emma's Tap" }));
    // Emma 6000 + 4500 = 10500; Liam 7000.
    await waitFor(() => expect(text('family-total')).toBe('$175.00'));
    const emma = screen.getByTestId('total-child-1').closest('.mantine-Card-root') as HTMLElement;
    expect(within(emma).queryByText('Tap')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Reset the family' }));
    await waitFor(() => expect(text('family-total')).toBe('$201.00'));
    expect(screen.getByLabelText("Price of Liam's Hip Hop")).toHaveProperty('value', '$60');
  });

  it('says so instead of a price when a discount cannot apply', () => {
    renderWithProviders(
      <LiveExample
        family={SAMPLE_FAMILY}
        discounts={[{ typeID: 100, vTypeID: 100, value: 2, rValue: 1 }]}
        money={NO_CAP}
      />,
    );
    expect(screen.getByText(/Complete the discount/)).toBeTruthy();
    expect(screen.queryByTestId('family-total')).toBeNull();
  });
});
