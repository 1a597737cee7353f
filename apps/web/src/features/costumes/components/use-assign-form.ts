import type { CostumeSettings, CostumeStyle, DancerOutfit } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { useAssign, useSizePriceAssign } from '../api/costumes';
import { depositPreview, priceValue, sortedEntries, suggestionText } from '../lib/costumes';

export type AssignTarget = { dancer: DancerOutfit; style: CostumeStyle };

export const OTHER = '__other';

/**
 * The costume to assign: a size and colour of the style (the suggested size's first entry to start
 * with) at a price, or another size or colour with its own prices; the deposit it charges; assigning it.
 */
export function useAssignForm(
  { dancer, style }: AssignTarget,
  settings: CostumeSettings | undefined,
  onClose: () => void,
) {
  const assign = useAssign();
  const sizePriceAssign = useSizePriceAssign();
  const entries = sortedEntries(style.sizeColors, style.sizeGroups, style.colors);
  const suggestion = dancer.suggestions.find((s) => s.costumeID === style.id);
  const words = suggestionText(suggestion);
  // The suggested size's first entry is picked to start with.
  const suggested = entries.find((e) =>
    suggestion?.sizes.some((s) => s.toLowerCase() === e.size.toLowerCase()),
  );
  const [entryId, setEntryId] = useState<string | null>(suggested?.priceID ?? entries[0]?.priceID ?? OTHER);
  const entry = style.sizeColors.find((e) => e.priceID === entryId);
  const [price, setPrice] = useState<number | string>(entry?.price_sell ?? '');
  const [other, setOther] = useState({
    size: suggestion?.sizes[0] ?? '',
    color: style.colors[0] ?? '',
    buy: '',
    sell: '',
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const isOther = entryId === OTHER;
  const sell = isOther ? priceValue(other.sell) : price === '' ? Number.NaN : Number(price);
  const deposit = depositPreview(settings, sell);
  const pending = assign.isPending || sizePriceAssign.isPending;
  const done = {
    onSuccess: (answer: { msg: string }) => {
      notifySuccess(answer.msg);
      onClose();
    },
    onError: (e: unknown) => setRefusal(errorText(e)),
  };
  const submit = () => {
    setRefusal(null);
    if (isOther) {
      if (!other.size.trim()) return setProblem('Enter the size.');
      if (!Number.isFinite(priceValue(other.buy)) || !Number.isFinite(priceValue(other.sell)))
        return setProblem('Enter the buy and sell prices.');
      setProblem(null);
      sizePriceAssign.mutate(
        {
          body: {
            dncNumActID: dancer.dncNumActID,
            costumeID: style.id,
            size: other.size.trim(),
            color: other.color.trim(),
            price_buy: priceValue(other.buy),
            price_sell: priceValue(other.sell),
          },
        },
        done,
      );
      return;
    }
    if (!entry) return setProblem('Pick a size and colour.');
    if (!Number.isFinite(sell) || sell < 0) return setProblem('Enter the price the family pays.');
    setProblem(null);
    assign.mutate({ body: { dncNumActID: dancer.dncNumActID, priceID: entry.priceID, price: sell } }, done);
  };
  const pick = (v: string | null) => {
    setEntryId(v);
    const next = style.sizeColors.find((e) => e.priceID === v);
    if (next) setPrice(next.price_sell);
    setProblem(null);
  };

  return {
    entries,
    words,
    entryId,
    pick,
    entry,
    price,
    setPrice,
    other,
    setOther,
    isOther,
    deposit,
    pending,
    problem,
    refusal,
    submit,
  };
}

export type AssignFormState = ReturnType<typeof useAssignForm>;
