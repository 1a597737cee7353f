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
import type { CostumeCompanyItem } from '@pirouette/domain';
import { type StyleFormState, useStyleForm } from './use-style-form';

type Props = {
  opened: boolean;
  onClose: () => void;
  dncNumID: string;
  numberName: string;
  companies: CostumeCompanyItem[];
};

/** What the studio buys one size and colour for, or sells it for. */
function PriceCell({ f, index, side }: { f: StyleFormState; index: number; side: 'buy' | 'sell' }) {
  const p = f.grid[index]!;
  return (
    <Table.Td>
      <NumberInput
        size="xs"
        prefix="$"
        decimalScale={2}
        min={0}
        hideControls
        aria-label={`${side === 'buy' ? 'Buy' : 'Sell'} price of ${p.size} ${p.color}`}
        value={p[side]}
        onChange={(v) => f.setPrice(index, { [side]: String(v) })}
        error={f.priceError(index, side === 'buy' ? 'price_buy' : 'price_sell')}
      />
    </Table.Td>
  );
}

/** The buy and sell price of each size and colour. */
function PriceGrid({ f, narrow }: { f: StyleFormState; narrow: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Prices, each size and colour
      </Text>
      <Text size="xs" c="dimmed">
        Buy is what the company charges the studio; sell is what the family pays. A price typed in the first
        row fills the new ones.
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
            {f.grid.map((p, i) => (
              <Table.Tr key={`${p.size}|${p.color}`}>
                <Table.Td>{p.size}</Table.Td>
                <Table.Td>{p.color || '—'}</Table.Td>
                <PriceCell f={f} index={i} side="buy" />
                <PriceCell f={f} index={i} side="sell" />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function StyleForm({ dncNumID, companies, onClose }: Omit<Props, 'opened' | 'numberName'>) {
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const f = useStyleForm(dncNumID, companies, onClose);
  const { company, errors } = f;

  return (
    <Stack gap="sm">
      <Select
        label="Company"
        placeholder={companies.length ? 'Pick the costume company' : 'Add a costume company first'}
        data={companies.map((c) => ({ value: c.id, label: c.name }))}
        value={f.companyId}
        onChange={f.setCompanyId}
        error={errors.costCoID ? 'Pick the costume company' : undefined}
        required
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Style number"
          required
          placeholder="e.g. ST-104"
          value={f.styleNumber}
          onChange={(e) => f.setStyleNumber(e.currentTarget.value)}
          error={errors.styleNumber}
        />
        <TextInput
          label="Style name"
          required
          placeholder="e.g. Sparkle Tutu"
          value={f.styleName}
          onChange={(e) => f.setStyleName(e.currentTarget.value)}
          error={errors.styleName}
        />
      </SimpleGrid>
      <TextInput
        label="Sizes"
        description={
          company?.sizes.length ? (
            <>
              Separated by commas.{' '}
              <Button variant="transparent" size="compact-xs" p={0} onClick={f.useChartSizes}>
                Use the chart's sizes ({company.sizes.join(', ')})
              </Button>
            </>
          ) : (
            'Separated by commas, e.g. CS, CM, CL, AS, AM'
          )
        }
        value={f.sizesText}
        onChange={(e) => f.setSizesText(e.currentTarget.value)}
        error={errors.sizeGroups}
      />
      <TextInput
        label="Colours"
        description="Separated by commas; leave empty for one colour."
        placeholder="e.g. Pink, Blue"
        value={f.colorsText}
        onChange={(e) => f.setColorsText(e.currentTarget.value)}
        error={errors.colors}
      />
      {f.grid.length > 0 && <PriceGrid f={f} narrow={narrow} />}
      <Textarea
        label="Notes"
        autosize
        minRows={1}
        maxRows={4}
        value={f.notes}
        onChange={(e) => f.setNotes(e.currentTarget.value)}
        error={errors.notes}
      />
      {(f.refusal || errors.sizeColors) && (
        <Alert color="red" role="alert">
          {f.refusal ?? errors.sizeColors}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={f.adding}>
          Cancel
        </Button>
        <Button onClick={f.submit} loading={f.adding} disabled={!companies.length}>
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
