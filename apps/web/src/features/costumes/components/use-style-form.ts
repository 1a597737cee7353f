import { type CostumeCompanyItem, type StyleV2Input, styleV2Input } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { zodErrors } from '../../../lib/zod-form';
import { useAddStyle } from '../api/costumes';
import { fillPrices, type PriceDraft, priceGrid, priceValue, splitList } from '../lib/costumes';

/**
 * The new costume style's fields, its grid of prices by size and colour, and adding it: the body is
 * checked against the declared schema first, each problem shown by its field.
 */
export function useStyleForm(dncNumID: string, companies: CostumeCompanyItem[], onClose: () => void) {
  const add = useAddStyle();
  const [companyId, setCompanyId] = useState<string | null>(companies.length === 1 ? companies[0]!.id : null);
  const [styleNumber, setStyleNumber] = useState('');
  const [styleName, setStyleName] = useState('');
  const [sizesText, setSizesText] = useState('');
  const [colorsText, setColorsText] = useState('');
  const [notes, setNotes] = useState('');
  const [prices, setPrices] = useState<PriceDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const company = companies.find((c) => c.id === companyId);
  const sizes = splitList(sizesText);
  const colors = splitList(colorsText);
  const grid = priceGrid(sizes, colors, prices);

  const setPrice = (index: number, patch: Partial<PriceDraft>) => {
    setPrices(fillPrices(grid, index, patch));
    setErrors({});
  };
  const useChartSizes = () => company && setSizesText(company.sizes.join(', '));

  const submit = () => {
    const body: StyleV2Input = {
      costCoID: companyId ?? '',
      company: company?.name,
      styleNumber,
      styleName,
      dncNumID,
      sizeGroups: sizes,
      colors,
      notes,
      sizeColors: grid.map((p) => ({
        size: p.size,
        color: p.color,
        price_buy: priceValue(p.buy),
        price_sell: priceValue(p.sell),
      })),
    };
    const found = zodErrors(styleV2Input, body);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    add.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.msg);
          onClose();
        },
        onError: (e) => setRefusal(errorText(e)),
      },
    );
  };
  const priceError = (i: number, field: 'price_buy' | 'price_sell') =>
    errors[`sizeColors.${i}.${field}`]
      ? priceValue(grid[i]![field === 'price_buy' ? 'buy' : 'sell'])
        ? errors[`sizeColors.${i}.${field}`]
        : 'Enter a price'
      : undefined;

  return {
    companyId,
    setCompanyId,
    company,
    styleNumber,
    setStyleNumber,
    styleName,
    setStyleName,
    sizesText,
    setSizesText,
    colorsText,
    setColorsText,
    notes,
    setNotes,
    grid,
    setPrice,
    useChartSizes,
    errors,
    priceError,
    refusal,
    submit,
    adding: add.isPending,
  };
}

export type StyleFormState = ReturnType<typeof useStyleForm>;
