import { List, Text } from '@mantine/core';

const shown = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

/** What an audit entry changed: each field with its value before and after. */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || typeof a !== 'object')
    return <Text size="sm">{`${shown(before)} → ${shown(after)}`}</Text>;
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (field) => JSON.stringify(b[field]) !== JSON.stringify(a[field]),
  );
  return (
    <List size="sm" spacing={2}>
      {fields.map((field) => (
        <List.Item key={field}>
          <Text span size="sm" fw={600}>
            {field}
          </Text>
          {`: ${shown(b[field])} → ${shown(a[field])}`}
        </List.Item>
      ))}
    </List>
  );
}
