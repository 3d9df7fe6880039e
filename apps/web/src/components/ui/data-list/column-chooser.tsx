import { Button, Checkbox, Popover, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type ChoosableColumn = { accessor: string; title: string; required?: boolean };

/** Which columns a list shows; required ones stay. The order is the list's own. */
export function ColumnChooser({
  columns,
  visible,
  onChange,
}: {
  columns: readonly ChoosableColumn[];
  visible: readonly string[];
  onChange: (visible: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden="true" />}>
          {t('lists.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Checkbox.Group
          label={t('lists.columnsTitle')}
          value={[...visible]}
          onChange={(values) => onChange(columns.map((c) => c.accessor).filter((a) => values.includes(a)))}
        >
          <Stack gap={6} mt="xs">
            {columns.map((column) => (
              <Checkbox
                key={column.accessor}
                value={column.accessor}
                label={column.title}
                disabled={column.required}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      </Popover.Dropdown>
    </Popover>
  );
}
