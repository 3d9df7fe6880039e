import { Group, NativeSelect, SimpleGrid } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { DATE_FILTER_OPERATORS, type DateFilterOperator } from '@service-hub/contracts';
import { LocalDatesProvider } from './dates-provider';

export type DateFilterValue = {
  dateOperator?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  fromTime?: string | undefined;
  toTime?: string | undefined;
};

export type DateFilterFieldsProps = {
  /** What the date is, e.g. "Arrival date". */
  label: string;
  value: DateFilterValue;
  onChange: (change: DateFilterValue) => void;
  errors?: Partial<Record<keyof DateFilterValue, string>>;
};

/**
 * A date filter with the operators of spec 4: is, is before, is between, is from, between times
 * and not. Only the inputs the operator needs are shown; dates are YYYY-MM-DD, times HH:mm.
 */
export function DateFilterFields({ label, value, onChange, errors = {} }: DateFilterFieldsProps) {
  const { t } = useTranslation();
  const operator = value.dateOperator as DateFilterOperator | undefined;
  const isRange = operator === 'between' || operator === 'betweenTimes';
  const date = (field: 'fromDate' | 'toDate', fieldLabel: string) => (
    <DatePickerInput
      label={fieldLabel}
      value={value[field] ?? null}
      onChange={(next) => onChange({ [field]: next ?? undefined })}
      valueFormat="YYYY-MM-DD"
      clearable
      error={errors[field]}
      popoverProps={{ withinPortal: true }}
    />
  );
  const time = (field: 'fromTime' | 'toTime', fieldLabel: string) => (
    <TimeInput
      label={fieldLabel}
      value={value[field] ?? ''}
      onChange={(event) => onChange({ [field]: event.currentTarget.value || undefined })}
      error={errors[field]}
    />
  );
  return (
    <LocalDatesProvider>
      <SimpleGrid cols={{ base: 1, xs: 2, md: isRange ? 3 : 2 }} spacing="xs">
        {/* The browser's own list, as for text operators; "any" clears the dates with it. */}
        <NativeSelect
          label={label}
          data={[
            { value: '', label: t('lists.dateOperators.any') },
            ...DATE_FILTER_OPERATORS.map((op) => ({ value: op, label: t(`lists.dateOperators.${op}`) })),
          ]}
          value={operator ?? ''}
          onChange={({ currentTarget: { value: next } }) =>
            onChange(
              next
                ? { dateOperator: next }
                : {
                    dateOperator: undefined,
                    fromDate: undefined,
                    toDate: undefined,
                    fromTime: undefined,
                    toTime: undefined,
                  },
            )
          }
        />
        {operator && date('fromDate', isRange ? t('lists.fromDate') : t('lists.date'))}
        {isRange && date('toDate', t('lists.toDate'))}
      </SimpleGrid>
      {operator === 'betweenTimes' && (
        <Group grow gap="xs" mt="xs">
          {time('fromTime', t('lists.fromTime'))}
          {time('toTime', t('lists.toTime'))}
        </Group>
      )}
    </LocalDatesProvider>
  );
}
