import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  HUB_EVENT_TYPES,
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_TEST_EVENT,
  type TListWebhookDeliveriesRequest,
  type TWebhookEndpoint,
} from '@service-hub/contracts';
import { eventTypeKey } from './event-type-label';
import { instantOf, localOf } from './instant-input';

export type DeliveryFilterValues = Pick<
  TListWebhookDeliveriesRequest,
  'endpointId' | 'eventType' | 'state' | 'from' | 'to'
>;

export type DeliveryFiltersProps = {
  value: DeliveryFilterValues;
  onChange: (change: Partial<Record<keyof DeliveryFilterValues, string | null>>) => void;
  /** The account's endpoints to choose one of (the account-wide log); without them, no endpoint filter. */
  endpoints?: readonly TWebhookEndpoint[];
};

const ALL = 'all';

/** An endpoint as the filter offers it: what the administrators called it, and where it sends. */
const endpointLabel = (endpoint: TWebhookEndpoint) =>
  endpoint.description ? `${endpoint.description} – ${endpoint.url}` : endpoint.url;

/** Endpoint (on the account-wide log), event type, state and the time range; each lives in the address. */
export function DeliveryFilters({ value, onChange, endpoints }: DeliveryFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      {endpoints && (
        <Select
          label={t('webhooks.deliveries.filters.endpoint')}
          data={[
            { value: ALL, label: t('webhooks.deliveries.filters.allEndpoints') },
            ...endpoints.map((endpoint) => ({ value: endpoint.id, label: endpointLabel(endpoint) })),
          ]}
          value={value.endpointId ?? ALL}
          onChange={(next) => onChange({ endpointId: !next || next === ALL ? null : next })}
          allowDeselect={false}
          w={{ base: '100%', xs: 320 }}
          comboboxProps={{ width: 'target' }}
          styles={{ option: { overflowWrap: 'anywhere' } }}
        />
      )}
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
