import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type DetailItem = { label: string; value: ReactNode };

/**
 * Labelled values as a description list (dt/dd), two columns where there is room. Empty values
 * show a dash, so every field of an entity is visibly there.
 */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <div key={item.label}>
          <Text component="dt" size="sm" c="dimmed">
            {item.label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? '–' : item.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
