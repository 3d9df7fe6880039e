import { Button, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DELIVERY_CHANNEL_KEYS, TRACKING_STATUSES, type TextFilterOperator } from '@service-hub/contracts';
import { DateFilterFields, type DateFilterValue } from '../../../components/ui/data-list/date-filter-fields';
import { FilterForm, filtersKey } from '../../../components/ui/data-list/filter-form';
import { MoreFilters } from '../../../components/ui/data-list/more-filters';
import { TextFilterField } from '../../../components/ui/data-list/text-filter-field';
import { filterErrors } from '../../../lib/list-state/filter-errors';

export type TrackingFiltersProps = {
  filters: Partial<Record<string, string>>;
  onApply: (filters: Partial<Record<string, string>>) => void;
  /** The text fields of the list, in the order shown. */
  textFields: readonly string[];
  dateLabel: string;
  schema: z.ZodType;
  actions?: ReactNode;
  label: string;
};

const list = (value: string | undefined) => (value ? value.split(',').filter(Boolean) : []);

/** Status, channel, date and every text filter of a tracking list. */
export function TrackingFilters({
  filters,
  onApply,
  textFields,
  dateLabel,
  schema,
  actions,
  label,
}: TrackingFiltersProps) {
  const { t } = useTranslation();
  const hasTextFilter = textFields.some((name) => filters[name]);
  const [showMore, setShowMore] = useState(hasTextFilter);
  return (
    <FilterForm
      key={filtersKey(filters)}
      filters={filters}
      onApply={onApply}
      validate={(draft) => filterErrors(schema, draft, t)}
      label={label}
      actions={
        <>
          <Button variant="subtle" onClick={() => setShowMore((open) => !open)} aria-expanded={showMore}>
            {showMore ? t('lists.fewerFilters') : t('lists.moreFilters')}
          </Button>
          {actions}
        </>
      }
    >
      {({ draft, set, errors }) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MultiSelect
              label={t('tracking.fields.status')}
              placeholder={list(draft.status).length ? undefined : t('tracking.any')}
              data={TRACKING_STATUSES.map((s) => ({ value: s, label: t(`tracking.statuses.${s}`) }))}
              value={list(draft.status)}
              onChange={(values) => set({ status: values.join(',') })}
              error={errors.status}
              clearable
            />
            <MultiSelect
              label={t('tracking.fields.channel')}
              placeholder={list(draft.channel).length ? undefined : t('tracking.any')}
              data={DELIVERY_CHANNEL_KEYS.map((c) => ({ value: c, label: t(`tracking.channels.${c}`) }))}
              value={list(draft.channel)}
              onChange={(values) => set({ channel: values.join(',') })}
              error={errors.channel}
              clearable
            />
          </SimpleGrid>
          <DateFilterFields
            label={dateLabel}
            value={draft as DateFilterValue}
            onChange={(change) => set(change)}
            errors={errors}
          />
          <MoreFilters expanded={showMore}>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {textFields.map((name) => (
                <TextFilterField
                  key={name}
                  name={name}
                  label={t(`tracking.fields.${name}`)}
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
      )}
    </FilterForm>
  );
}
