import { Button, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  EDI_DIRECTIONS,
  EDI_STATUSES,
  EDI_TEXT_FILTERS,
  MESSAGE_CATEGORIES,
  type TextFilterOperator,
} from '@service-hub/contracts';
import { LocalDatesProvider } from '../../../components/ui/data-list/dates-provider';
import { FilterForm, filtersKey, type FilterFormApi } from '../../../components/ui/data-list/filter-form';
import { MoreFilters } from '../../../components/ui/data-list/more-filters';
import { TextFilterField } from '../../../components/ui/data-list/text-filter-field';
import { filterErrors } from '../../../lib/list-state/filter-errors';

export type EdiFiltersProps = {
  filters: Partial<Record<string, string>>;
  onApply: (filters: Partial<Record<string, string>>) => void;
  schema: z.ZodType;
  label: string;
  /** The accounts with EDI tracking the user may list together (shown when there are several). */
  accounts: readonly { id: number; name: string; customerNumber: string }[];
};

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** The EDI tracking filters of spec 3, the same for consignments, messages and documents. */
export function EdiFilters({ filters, onApply, schema, label, accounts }: EdiFiltersProps) {
  const { t } = useTranslation();
  const [showMore, setShowMore] = useState(EDI_TEXT_FILTERS.some((name) => filters[name]));
  const multi = (
    { draft, set, errors }: FilterFormApi<string>,
    name: 'status' | 'category',
    values: readonly string[],
    labelOf: (value: string) => string,
  ) => (
    <MultiSelect
      label={t(`ediTracking.fields.${name}`)}
      placeholder={list(draft[name]).length ? undefined : t('ediTracking.any')}
      data={values.map((value) => ({ value, label: labelOf(value) }))}
      value={list(draft[name])}
      onChange={(chosen) => set({ [name]: chosen.join(',') })}
      error={errors[name]}
      clearable
    />
  );
  return (
    <FilterForm
      key={filtersKey(filters)}
      filters={filters}
      onApply={onApply}
      validate={(draft) => filterErrors(schema, draft, t)}
      label={label}
      actions={
        <Button variant="subtle" onClick={() => setShowMore((open) => !open)} aria-expanded={showMore}>
          {showMore ? t('lists.fewerFilters') : t('lists.moreFilters')}
        </Button>
      }
    >
      {(form) => {
        const { draft, set, errors } = form;
        return (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
              <Select
                label={t('ediTracking.fields.direction')}
                placeholder={t('ediTracking.any')}
                data={EDI_DIRECTIONS.map((d) => ({ value: d, label: t(`ediTracking.directions.${d}`) }))}
                value={list(draft.directionType).length === 1 ? draft.directionType! : null}
                onChange={(value) => set({ directionType: value ?? undefined })}
                error={errors.directionType}
                clearable
              />
              {multi(form, 'status', EDI_STATUSES, (s) => t(`ediTracking.statuses.${s}`))}
              {multi(form, 'category', MESSAGE_CATEGORIES, (c) => t(`ediTracking.categories.${c}`))}
              {accounts.length > 1 && (
                <MultiSelect
                  label={t('ediTracking.fields.customers')}
                  placeholder={
                    list(draft.customerIds).length ? undefined : t('ediTracking.activeAccountOnly')
                  }
                  data={accounts.map((a) => ({
                    value: String(a.id),
                    label: `${a.name} (${a.customerNumber})`,
                  }))}
                  value={list(draft.customerIds)}
                  onChange={(chosen) => set({ customerIds: chosen.join(',') })}
                  error={errors.customerIds}
                  clearable
                />
              )}
            </SimpleGrid>
            <LocalDatesProvider>
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
                {(['fromDate', 'toDate'] as const).map((field) => (
                  <DatePickerInput
                    key={field}
                    label={t(`lists.${field}`)}
                    value={draft[field] ?? null}
                    onChange={(next) => set({ [field]: next ?? undefined })}
                    valueFormat="YYYY-MM-DD"
                    clearable
                    clearButtonProps={{
                      'aria-label': t('ediTracking.clearField', { field: t(`lists.${field}`) }),
                    }}
                    error={errors[field]}
                    popoverProps={{ withinPortal: true }}
                  />
                ))}
              </SimpleGrid>
            </LocalDatesProvider>
            <MoreFilters expanded={showMore}>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
                {EDI_TEXT_FILTERS.map((name) => (
                  <TextFilterField
                    key={name}
                    name={name}
                    label={t(`ediTracking.fields.${name}`)}
                    value={draft[name] ?? ''}
                    operator={(draft[`${name}Operator`] as TextFilterOperator | undefined) ?? 'contains'}
                    onChange={(value) => set({ [name]: value })}
                    onOperatorChange={(operator) =>
                      set({ [`${name}Operator`]: operator === 'contains' ? undefined : operator })
                    }
                  />
                ))}
              </SimpleGrid>
            </MoreFilters>
          </Stack>
        );
      }}
    </FilterForm>
  );
}
