import { newPrivateInput } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { newPrivateValues, privateValues, suggestedPrice } from './private-form-values';
import { formInputs, lesson, MAIN } from './test/privates-fixtures';

describe('private form values', () => {
  it('start a new lesson at the chosen location with a 2:00 song, and ask for the rest', () => {
    const values = newPrivateValues({ locationID: MAIN });
    expect(values).toMatchObject({ locationID: MAIN, songLength: '2:00', type: 0, name: '' });
    const result = newPrivateInput.safeParse(values);
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['name', 'type', 'teacherID', 'priceID', 'genreID']));
  });

  it('give an existing lesson back as the schema reads it', () => {
    const l = lesson({ songLength: '2:45' });
    const parsed = newPrivateInput.parse(privateValues(l));
    expect(parsed).toMatchObject({ name: l.name, type: 1, songLength: 165, locationID: l.locationID });
  });

  it('suggest the price named after the type', () => {
    expect(suggestedPrice(formInputs.prices, 1)?.name).toBe('Solo · $70.00');
    expect(suggestedPrice(formInputs.prices, 2)?.name).toBe('Duet · $45.00');
    expect(suggestedPrice(formInputs.prices, 3)).toBeNull();
    expect(suggestedPrice(formInputs.prices, 0)).toBeNull();
  });
});
