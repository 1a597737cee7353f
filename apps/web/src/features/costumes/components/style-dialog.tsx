import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CostumeCompanyItem, type StyleV2Input, styleV2Input } from '@pirouette/domain';
import { useState } from 'react';
import { errorText, notifySuccess } from '../../../lib/notify';
import { zodErrors } from '../../../lib/zod-form';
import { useAddStyle } from '../api/costumes';
import { fillPrices, type PriceDraft, priceGrid, priceValue, splitList } from '../lib/costumes';

type Props = {
  opened: boolean;
  onClose: () => void;
  dncNumID: string;
  numberName: string;
  companies: CostumeCompanyItem[];
};

function StyleForm({ dncNumID, companies, onClose }: Omit<Props, 'opened' | 'numberName'>) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
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

  return (
    <Stack gap="sm">
      <Select
        label="Company"
        placeholder={companies.length ? 'Pick the costume company' : 'Add a costume company first'}
        data={companies.map((c) => ({ value: c.id, label: c.name }))}
        value={companyId}
        onChange={setCompanyId}
        error={errors.costCoID ? 'Pick the costume company' : undefined}
        required
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Style number"
          required
          placeholder="e.g. ST-104"
          value={styleNumber}
          onChange={(e) => setStyleNumber(e.currentTarget.value)}
          error={errors.styleNumber}
        />
        <TextInput
          label="Style name"
          required
          placeholder="e.g. Sparkle Tutu"
          value={styleName}
          onChange={(e) => setStyleName(e.currentTarget.value)}
          error={errors.styleName}
        />
      </SimpleGrid>
      <TextInput
        label="Sizes"
        description={
          company?.sizes.length ? (
            <>
              Separated by commas.{' '}
              <Button variant="transparent" size="compact-xs" p={0} onClick={useChartSizes}>
                Use the chart's sizes ({company.sizes.join(', ')})
              </Button>
            </>
          ) : (
            'Separated by commas, e.g. CS, CM, CL, AS, AM'
          )
        }
        value={sizesText}
        onChange={(e) => setSizesText(e.currentTarget.value)}
        error={errors.sizeGroups}
      />
      <TextInput
        label="Colours"
        description="Separated by commas; leave empty for one colour."
        placeholder="e.g. Pink, Blue"
        value={colorsText}
        onChange={(e) => setColorsText(e.currentTarget.value)}
        error={errors.colors}
      />
      {grid.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Prices, each size and colour
          </Text>
          <Text size="xs" c="dimmed">
            Buy is what the company charges the studio; sell is what the family pays. A price typed in the
            first row fills the new ones.
          </Text>
          <Table.ScrollContainer minWidth={narrow ? 0 : 420} type="native" mah={300}>
            <Table verticalSpacing={4} horizontalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Colour</Table.Th>
                  <Table.Th>Buy</Table.Th>
                  <Table.Th>Sell</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {grid.map((p, i) => (
                  <Table.Tr key={`${p.size}|${p.color}`}>
                    <Table.Td>{p.size}</Table.Td>
                    <Table.Td>{p.color || '—'}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        prefix="$"
                        decimalScale={2}
                        min={0}
                        hideControls
                        aria-label={`Buy price of ${p.size} ${p.color}`}
                        value={p.buy}
                        onChange={(v) => setPrice(i, { buy: String(v) })}
                        error={priceError(i, 'price_buy')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        prefix="$"
                        decimalScale={2}
                        min={0}
                        hideControls
                        aria-label={`Sell price of ${p.size} ${p.color}`}
                        value={p.sell}
                        onChange={(v) => setPrice(i, { sell: String(v) })}
                        error={priceError(i, 'price_sell')}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
      <Textarea
        label="Notes"
        autosize
        minRows={1}
        maxRows={4}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        error={errors.notes}
      />
      {(refusal || errors.sizeColors) && (
        <Alert color="red" role="alert">
          {refusal ?? errors.sizeColors}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={add.isPending}>
          Cancel
        </Button>
        <Button onClick={submit} loading={add.isPending} disabled={!companies.length}>
          Add costume
        </Button>
      </Group>
    </Stack>
  );
}

/** A costume style put on the dance number, with its sizes, colours and prices (POST v2/style). */
export function StyleDialog({ opened, onClose, numberName, ...rest }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`Add a costume to ${numberName}`}
      size="lg"
      radius="lg"
      centered
      fullScreen={narrow}
    >
      {opened && <StyleForm {...rest} onClose={onClose} />}
    </Modal>
  );
}
