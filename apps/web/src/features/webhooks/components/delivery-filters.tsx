import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  HUB_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_TEST_EVENT,
  type TListWebhookDeliveriesRequest,
} from '@service-hub/contracts';
import { eventTypeKey } from './event-type-label';
import { instantOf, localOf } from './instant-input';

export type DeliveryFilterValues = Pick<TListWebhookDeliveriesRequest, 'eventType' | 'state' | 'from' | 'to'>;

export type DeliveryFiltersProps = {
  value: DeliveryFilterValues;
  onChange: (change: Partial<Record<keyof DeliveryFilterValues, string | null>>) => void;
};

const ALL = 'all';

/** Event type, state and the time range of the log; each lives in the address. */
export function DeliveryFilters({ value, onChange }: DeliveryFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('webhooks.deliveries.filters.eventType')}
        data={[
          { value: ALL, label: t('webhooks.deliveries.filters.allEventTypes') },
          ...[...HUB_EVENT_TYPES, WEBHOOK_TEST_EVENT].map((type) => ({
            value: type,
            label: t(eventTypeKey(type)),
          })),
        ]}
        value={value.eventType ?? ALL}
        onChange={(next) => onChange({ eventType: !next || next === ALL ? null : next })}
        allowDeselect={false}
        w={240}
      />
      <Select
        label={t('webhooks.deliveries.filters.state')}
        data={[
          { value: ALL, label: t('webhooks.deliveries.filters.allStates') },
          ...WEBHOOK_DELIVERY_STATES.map((state) => ({
            value: state,
            label: t(`webhooks.deliveries.states.${state}`),
          })),
        ]}
        value={value.state ?? ALL}
        onChange={(next) => onChange({ state: !next || next === ALL ? null : next })}
        allowDeselect={false}
        w={200}
      />
      <TextInput
        type="datetime-local"
        label={t('webhooks.deliveries.filters.from')}
        value={localOf(value.from)}
        onChange={(e) => onChange({ from: instantOf(e.currentTarget.value) ?? null })}
      />
      <TextInput
        type="datetime-local"
        label={t('webhooks.deliveries.filters.to')}
        value={localOf(value.to)}
        onChange={(e) => onChange({ to: instantOf(e.currentTarget.value) ?? null })}
      />
    </Group>
  );
}
